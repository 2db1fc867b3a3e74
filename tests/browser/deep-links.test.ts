// A shared link opens on its own answers: the page the server sends for /causelistpage or
// /causes/:id already holds the first screen and the API answers it was drawn from. A guest reads it
// before any of the app's code runs; the app starts on their first touch, takes over without asking
// the API again, and keeps what they did meanwhile (src/web/lib/page-takeover.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { newMobilePage } from './helpers/browser';
import { closeBrowserApp, openBrowserApp } from './helpers/app-fixture';
import type { RunningServer } from './helpers/server-process';

let server: RunningServer;
let browser: Browser;
let page: Page;
const apiReads: string[] = [];
const scripts: string[] = [];
/** The app's own code (everything but the small entry and the worker registration) has been fetched. */
const appStarted = () => scripts.some((path) => /\/assets\/start-app-/.test(path));

/** A first visit: a new device, so no service worker answers the navigation from its cache. */
async function firstVisit(): Promise<void> {
  await page?.context().close();
  page = await newMobilePage(browser);
  apiReads.length = 0;
  scripts.length = 0;
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
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
  it('draw the cause list from the page itself, start the app on the first touch and keep what was typed', async () => {
    await firstVisit();
    await page.goto(`${server.url}/causelistpage`);
    await page.waitForLoadState('networkidle');
    expect(await page.locator('.cause-card').count()).toBeGreaterThan(0);
    expect(appStarted()).toBe(false);
    expect(await page.locator('#cause-category option').count()).toBe(1); // the static copy

    // Typing into the painted search field starts the app, which carries on with the same words.
    await page.getByLabel('Search causes').fill('water');
    await expect.poll(() => apiReads.some((url) => url.includes('search=water')), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => page.locator('#cause-category option').count(), { timeout: 15_000 }).toBeGreaterThan(1);
    expect(await page.getByLabel('Search causes').inputValue()).toBe('water');
    // The first page and the categories came with the page: the only list read is the search.
    expect(apiReads.filter((url) => url.startsWith('/api/causes/list/') && !url.includes('search=water'))).toEqual([]);
    expect(apiReads.filter((url) => url === '/api/categories/')).toEqual([]);
  });

  it('open a cause before the app starts, and a tap on Add to Cart is carried out once it has (three fresh visits)', async () => {
    const list = (await (await fetch(`${server.url}/api/causes/list/?page_size=1`)).json()) as { results: { id: string; name: string }[] };
    const cause = list.results[0]!;
    // The tap races the app's start: repeated so that an ordering that loses the tap shows up here.
    for (let visit = 0; visit < 3; visit += 1) {
      await firstVisit();
      await page.goto(`${server.url}/causes/${cause.id}`);
      await expect(page.locator('meta[property="og:title"]').getAttribute('content')).resolves.toBe(cause.name);
      expect(await page.title()).toBe(`${cause.name} · Boafo`);
      await page.waitForLoadState('networkidle');
      expect(appStarted()).toBe(false);
      // Donate already works as a link to the donation page.
      expect(await page.getByRole('link', { name: 'Donate' }).getAttribute('href')).toBe(`/donation?causeId=${cause.id}`);

      await page.getByRole('button', { name: 'Add to Cart' }).click();
      await expect.poll(() => page.getByText('Added to cart').count(), { timeout: 15_000 }).toBe(1);
      await expect.poll(() => page.getByRole('button', { name: 'Donate' }).count(), { timeout: 15_000 }).toBe(1); // the app's panel
      expect(appStarted()).toBe(true);
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Add to Cart');
      expect(apiReads.filter((url) => url.startsWith('/api/causes/details/'))).toEqual([]);
      await expect.poll(() => page.evaluate(() => localStorage.getItem('cart_id'))).not.toBeNull();
    }
  });
});
