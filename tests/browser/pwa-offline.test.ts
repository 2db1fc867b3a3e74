// The service worker installs, and with the network cut (server stopped and
// the browser offline) a reload of / still shows the app shell, in the language the donor chose.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { translator } from '../../src/server/lib/i18n';
import { screenshot } from './helpers/browser';
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

describe('installable, offline-capable shell', () => {
  it('serves a web app manifest with the icons an install needs', async () => {
    const response = await fetch(`${server.url}/manifest.webmanifest`);
    expect(response.status).toBe(200);
    const manifest = await response.json();
    expect(manifest.display).toBe('standalone');
    expect(manifest.start_url).toBe('/');
    const sizes = manifest.icons.map((icon: { sizes: string }) => icon.sizes);
    expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(manifest.icons.some((icon: { purpose?: string }) => icon.purpose?.includes('maskable'))).toBe(true);
  });

  it('installs the service worker', async () => {
    await page.goto(server.url);
    const scope = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return registration.active ? registration.scope : null;
    });
    expect(scope).toBe(`${server.url}/`);
  });

  it('keeps a Twi reader in Twi offline: the reloaded page is Twi from its first paint', async () => {
    const twi = translator('ak');
    await page.reload();
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    // A visitor's first touch starts the app on the page the worker painted; the choice is carried over to it.
    await page.getByLabel('Language').focus();
    await page.getByLabel('Language').selectOption('ak');
    await page.getByRole('heading', { level: 1, name: twi('landing.hero.title') }).waitFor();
    // The worker keeps the Twi page the server paints (sw/language-shell.ts).
    await expect.poll(() => page.evaluate(async () => Boolean(await caches.match('/__boafo/shell/ak')))).toBe(true);
    await page.context().setOffline(true);
    const answer = (await page.reload())!;
    expect(answer.fromServiceWorker()).toBe(true);
    expect(await answer.text()).toContain('<html lang="ak"');
    await page
      .getByRole('link', { name: twi('landing.hero.request') })
      .first()
      .waitFor();
    expect(await page.getByText('Together, we lift each other up').count()).toBe(0);
    await screenshot(page, 'offline-landing-twi');
    await page.context().setOffline(false);
    await page.getByLabel(twi('common.language.label')).selectOption('en');
    await page.getByRole('heading', { level: 1, name: 'Together, we lift each other up' }).waitFor();
  });

  it('reloads / from the cache with the network cut and says it is offline', async () => {
    // Make sure the page is controlled (first load may precede the worker's activation).
    await page.reload();
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    await server.stop();
    await page.context().setOffline(true);
    await page.reload();
    await expect.poll(() => page.getByRole('link', { name: 'REQUEST DONATION' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByText(/You are offline/).isVisible()).toBe(true);
    await screenshot(page, 'offline-landing');
  });

  it('still routes to another screen offline (the SPA fallback)', async () => {
    await page.goto(`${server.url}/sign-in`).catch(() => undefined);
    await expect.poll(() => page.getByRole('button', { name: 'Sign in' }).isVisible()).toBe(true);
  });
});
