// IndexedDB for Dexie in jsdom, and a clean DOM/storage between tests (no vitest globals, so RTL cannot clean up itself).
import 'fake-indexeddb/auto';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
  localStorage.clear();
});
