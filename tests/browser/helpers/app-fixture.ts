// The one set-up every browser test file uses: the real server (built app, compiled API, its own
// data folder, holding a copy of the run's migrated and seeded database: helpers/global-setup.ts),
// Debian's Chromium, and a phone-sized page. Files open it in beforeAll and close it in afterAll;
// extra pages come from newMobilePage(browser).
import type { Browser, Page } from 'playwright-core';
import { inject } from 'vitest';
import { launchBrowser, newMobilePage } from './browser';
import { startServer, type RunningServer } from './server-process';

export interface BrowserApp {
  server: RunningServer;
  browser: Browser;
  /** A phone-sized page in a context of its own. */
  page: Page;
  close(): Promise<void>;
}

export async function openBrowserApp(env: Record<string, string> = {}): Promise<BrowserApp> {
  // Without the demo content the seeded copy would be the wrong start: such a server starts empty.
  const seeded = env.SEED_DEMO === 'false' ? undefined : inject('seededPgliteDir');
  const server = await startServer(env, { pglite: seeded });
  const browser = await launchBrowser().catch(async (error: unknown) => {
    await server.stop();
    throw error;
  });
  const page = await newMobilePage(browser);
  return {
    server,
    browser,
    page,
    close: async () => {
      await browser.close();
      await server.stop();
    },
  };
}

/** For afterAll: closes what opened, even when beforeAll failed halfway. */
export async function closeBrowserApp(app: Partial<Pick<BrowserApp, 'server' | 'browser'>>): Promise<void> {
  await app.browser?.close();
  await app.server?.stop();
}
