// The `image` fields are absolute for other clients, on PUBLIC_URL when it is set. A phone that
// reaches the server by another address (here PUBLIC_URL names a host that never resolves, as the
// public name does on a LAN without internet) still shows the pictures, from the address it uses,
// and offline from the service worker's media cache.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { screenshot } from './helpers/browser';
import { closeBrowserApp, openBrowserApp } from './helpers/app-fixture';
import type { RunningServer } from './helpers/server-process';

const PUBLIC_URL = 'http://boafo.invalid';

let server: RunningServer;
let browser: Browser;
let page: Page;

/** The story pictures drawn on the page: where each comes from and whether it loaded. */
const pictures = () =>
  page.$$eval('.story__image', (imgs) =>
    imgs.map((img) => ({ src: (img as HTMLImageElement).currentSrc, width: (img as HTMLImageElement).naturalWidth })),
  );

beforeAll(async () => {
  ({ server, browser, page } = await openBrowserApp({ PUBLIC_URL }));
});

afterAll(async () => {
  await closeBrowserApp({ browser, server });
});

describe('pictures when PUBLIC_URL names another address', () => {
  it('answers `image` on PUBLIC_URL, and the app loads the picture from the address it uses', async () => {
    const stories = await (await fetch(`${server.url}/api/success-stories/`)).json();
    expect(stories[0].image).toMatch(new RegExp(`^${PUBLIC_URL}/media/[0-9a-f]{64}$`));

    await page.goto(`${server.url}/success-stories`);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    // Controlled by the worker, so the pictures go through its media cache.
    await page.reload();
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    await expect.poll(async () => (await pictures()).length).toBeGreaterThan(0);
    await expect.poll(async () => (await pictures())[0].width).toBeGreaterThan(0);
    expect((await pictures())[0].src).toMatch(new RegExp(`^${server.url}/media/[0-9a-f]{64}$`));
  });

  it('shows the same picture offline (server stopped), from the media cache', async () => {
    await server.stop();
    await page.context().setOffline(true);
    await page.reload();
    await expect.poll(async () => (await pictures()).length, { timeout: 20_000 }).toBeGreaterThan(0);
    await expect.poll(async () => (await pictures())[0].width).toBeGreaterThan(0);
    await screenshot(page, 'pictures-offline-stories');
  });
});
