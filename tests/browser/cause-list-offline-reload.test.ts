// A donor opens the cause list online once (the worker installs and controls the page), loses the
// network, and reloads: the causes they just saw are on screen, every time. Each round is a fresh
// browser profile, so it is always that first visit, never a device that saved causes earlier.
// The page's own IndexedDB copy is written after the cards are drawn; an immediate reload used to
// cut it short, and the offline list then showed the sample cards although the worker had the answer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { newMobilePage, screenshot } from './helpers/browser';
import { closeBrowserApp, openBrowserApp } from './helpers/app-fixture';
import type { RunningServer } from './helpers/server-process';

const ROUNDS = 10;

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  let first: Page;
  ({ server, browser, page: first } = await openBrowserApp());
  await first.context().close();
});

afterAll(async () => {
  await closeBrowserApp({ browser, server });
});

const causeTitles = (page: Page) => page.locator('.cause-card__title a').allTextContents();

/** What the list shows once it has settled: the causes seen online (with the offline notice), or what instead. */
async function offlineList(page: Page, online: string[]): Promise<string> {
  const settled = await page
    .waitForFunction(() => document.querySelector('[aria-live="polite"][aria-busy="false"]'), undefined, { timeout: 20_000 })
    .then(
      () => true,
      () => false,
    );
  if (!settled) return 'still loading';
  if (await page.locator('.cause-card--sample').count()) return 'samples';
  const titles = await causeTitles(page);
  if (titles.length === 0) return 'no causes';
  if (titles.join('\n') !== online.join('\n')) return `other causes: ${titles.join(', ')}`;
  const notice = await page.getByRole('status').filter({ hasText: 'offline — showing saved causes' }).isVisible();
  return notice ? 'causes' : 'causes without the offline notice';
}

describe('the cause list after an offline reload', () => {
  it(`shows the causes seen online, ${ROUNDS} of ${ROUNDS} times`, async () => {
    const outcomes: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const page = await newMobilePage(browser);
      await page.goto(`${server.url}/causelistpage`);
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
      // Controlled by the worker, the app starts at once and asks the server for the list.
      await page.reload();
      await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
      await expect.poll(() => causeTitles(page).then((titles) => titles.length)).toBeGreaterThan(0);
      const online = await causeTitles(page);

      await page.context().setOffline(true);
      await page.reload();
      const outcome = await offlineList(page, online);
      if (outcome !== 'causes') await screenshot(page, `cause-list-offline-reload-${round}`);
      outcomes.push(outcome);
      await page.context().close();
    }
    expect(outcomes).toEqual(Array(ROUNDS).fill('causes'));
  }, 600_000);
});
