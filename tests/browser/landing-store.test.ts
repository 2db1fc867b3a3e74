// A guest's first look at the landing page runs none of the app: index.html paints the hero and the
// services, and the app starts on the first interaction (src/web/main.tsx). Even then the offline
// store (Dexie is the biggest piece of JavaScript after React and the router) stays closed; it opens,
// and the causes seen on the landing page are mirrored, as soon as the guest moves on.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startAppOnPaintedPage } from './helpers/browser';
import { closeBrowserApp, openBrowserApp } from './helpers/app-fixture';
import type { RunningServer } from './helpers/server-process';

let server: RunningServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  ({ server, browser, page } = await openBrowserApp());
});

afterAll(async () => {
  await closeBrowserApp({ browser, server });
});

const databases = () => page.evaluate(async () => (await indexedDB.databases()).map((db) => db.name));
const mirroredCauses = () =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const open = indexedDB.open('boafo');
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('causes')) return resolve(0);
          const count = db.transaction('causes').objectStore('causes').count();
          count.onsuccess = () => resolve(count.result);
        };
      }),
  );

describe('offline store on the landing page', () => {
  it('starts nothing but the worker registration until the guest interacts', async () => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(server.url, { waitUntil: 'networkidle' });
    expect(await page.getByRole('link', { name: 'Donate to causes' }).getAttribute('href')).toBe('/causelistpage');
    expect(scripts.filter((path) => !/\/assets\/(index|register-sw)-[\w-]+\.js$/.test(path))).toEqual([]);
    await startAppOnPaintedPage(page);
    expect(scripts.some((path) => path.includes('/assets/start-app-'))).toBe(true);
  });

  it('stays closed while a guest looks at the landing page', async () => {
    await expect.poll(() => page.getByRole('button', { name: /^DONATE to / }).count()).toBeGreaterThan(0);
    expect(await databases()).not.toContain('boafo');
  });

  it('opens once the guest moves on, and the causes seen are mirrored', async () => {
    await page.getByRole('link', { name: 'DONATE AND HELP' }).click();
    await page.waitForURL(/\/causelistpage/);
    await expect.poll(() => databases()).toContain('boafo');
    await expect.poll(() => mirroredCauses()).toBeGreaterThan(0);
  });
});

describe('static landing hero before the JavaScript arrives', () => {
  it('shows the hero on / and nothing misleading on other routes while the app bundle is held back', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, serviceWorkers: 'block' });
    const slow = await context.newPage();
    // The app's bundle never arrives: what shows is index.html (with its inline script) and its CSS alone.
    await slow.route('**/assets/*.js', (route) => route.abort());
    await slow.goto(server.url);
    expect(await slow.getByRole('heading', { name: 'Together, we lift each other up' }).isVisible()).toBe(true);
    expect(await slow.getByRole('link', { name: 'DONATE AND HELP' }).getAttribute('href')).toBe('/causelistpage');
    await slow.goto(`${server.url}/dashboard`);
    expect(await slow.getByRole('heading', { name: 'Together, we lift each other up' }).isVisible()).toBe(false);
    await context.close();
  });
});
