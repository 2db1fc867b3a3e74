// A shared link opens on its own answers: the page the server sends for /causelistpage or
// /causes/:id already holds the first screen and the API answers it was drawn from, so the app
// takes over without asking the API again, and the screen the donor sees stays the same.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { newMobilePage } from './helpers/browser';
import { closeBrowserApp, openBrowserApp } from './helpers/app-fixture';
import type { RunningServer } from './helpers/server-process';

let server: RunningServer;
let browser: Browser;
let page: Page;
const apiReads: string[] = [];

/** A first visit: a new device, so no service worker answers the navigation from its cache. */
async function firstVisit(): Promise<void> {
  await page?.context().close();
  page = await newMobilePage(browser);
  apiReads.length = 0;
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/causes/') || url.pathname === '/api/categories/') apiReads.push(url.pathname + url.search);
  });
}

beforeAll(async () => {
  ({ server, browser } = await openBrowserApp());
});

afterAll(async () => {
  await closeBrowserApp({ browser, server });
});

describe('deep links', () => {
  it('draw the cause list from the page itself, then hand it to the app', async () => {
    await firstVisit();
    await page.goto(`${server.url}/causelistpage`);
    // The app's own controls work (the static copy has no options), with the cards of the snapshot.
    await expect.poll(() => page.locator('#cause-category option').count()).toBeGreaterThan(1);
    await expect.poll(() => page.locator('.cause-card').count()).toBeGreaterThan(0);
    await page.waitForLoadState('networkidle');
    expect(apiReads.filter((url) => url.startsWith('/api/causes/list/') || url === '/api/categories/')).toEqual([]);
    // A search is a real request: boot answers are for the first screen only.
    await page.getByLabel('Search causes').fill('water');
    await expect.poll(() => apiReads.some((url) => url.includes('search=water'))).toBe(true);
  });

  it('open a cause with its title in the tab and the preview tags in the head', async () => {
    const list = (await (await fetch(`${server.url}/api/causes/list/?page_size=1`)).json()) as { results: { id: string; name: string }[] };
    const cause = list.results[0]!;
    await firstVisit();
    await page.goto(`${server.url}/causes/${cause.id}`);
    await expect(page.locator('meta[property="og:title"]').getAttribute('content')).resolves.toBe(cause.name);
    await expect.poll(() => page.getByRole('button', { name: 'Donate' }).count()).toBe(1);
    await page.waitForLoadState('networkidle');
    expect(await page.title()).toBe(`${cause.name} · Boafo`);
    expect(apiReads.filter((url) => url.startsWith('/api/causes/details/'))).toEqual([]);
  });
});
