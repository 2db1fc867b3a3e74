// IndexedDB for Dexie in jsdom, and a clean DOM/storage between tests (no vitest globals, so RTL cannot clean up itself).
import 'fake-indexeddb/auto';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { i18n } from '../../src/web/lib/i18n';
import { messages as english } from '../../src/shared/i18n/compiled/web/locale-en';

// Waits are on conditions; these bounds only say how long a condition may take on a loaded two-core
// machine (CI shares it with builds and PostgreSQL), where the defaults of 1 s and 5 s have run out.
configure({ asyncUtilTimeout: 5_000 });

// The app shows English until a test picks another language (start-app does this with the device's choice).
i18n.load('en', english);
i18n.activate('en', ['en-GH']);

afterEach(() => {
  cleanup();
  localStorage.clear();
  if (i18n.locale !== 'en') i18n.activate('en', ['en-GH']);
});
