// IndexedDB for Dexie in jsdom, and a clean DOM/storage between tests (no vitest globals, so RTL cannot clean up itself).
import 'fake-indexeddb/auto';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Waits are on conditions; these bounds only say how long a condition may take on a loaded two-core
// machine (CI shares it with builds and PostgreSQL), where the defaults of 1 s and 5 s have run out.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});
