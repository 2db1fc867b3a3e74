// A donor reads Boafo in their language: they pick Twi in the header, the choice survives going offline and
// reloading, and every language passes axe on the pages a guest lands on (with <html lang> set to it).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { LOCALES } from '../../src/shared/i18n/locales';
import { axeViolations } from './helpers/api';
import { closeBrowserApp, openBrowserApp } from './helpers/app-fixture';
import { newMobilePage, screenshot, startAppOnPaintedPage } from './helpers/browser';
import type { RunningServer } from './helpers/server-process';

let server: RunningServer;
let browser: Browser;
let page: Page;
let causeId: string;

beforeAll(async () => {
  ({ server, browser, page } = await openBrowserApp());
  const list = (await (await fetch(`${server.url}/api/causes/list/`)).json()) as { results: { id: string }[] };
  causeId = list.results[0]!.id;
});

afterAll(async () => {
  await closeBrowserApp({ browser, server });
});

const language = (p: Page) => p.evaluate(() => document.documentElement.lang);

describe('the donor picks Twi', () => {
  it('the header switches the app to Twi at once, and a reload offline still reads Twi', async () => {
    await page.goto(`${server.url}/causelistpage`);
    await startAppOnPaintedPage(page);
    await page.getByLabel('Language').first().selectOption('ak');
    await expect.poll(() => language(page)).toBe('ak');
    await expect.poll(() => page.locator('#site-nav').getByText('Fie', { exact: true }).count()).toBeGreaterThan(0);
    await screenshot(page, 'languages-twi-list');

    // Once the worker controls the page it keeps the app and this language's words for the next visit.
    await page.reload();
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    await startAppOnPaintedPage(page);
    await expect.poll(() => language(page)).toBe('ak');
    await page.waitForLoadState('networkidle');

    await page.context().setOffline(true);
    try {
      await page.reload();
      await startAppOnPaintedPage(page).catch(() => undefined);
      await expect.poll(() => language(page)).toBe('ak');
      await expect.poll(() => page.locator('#site-nav').getByText('Fie', { exact: true }).count()).toBeGreaterThan(0);
      await screenshot(page, 'languages-twi-offline');
    } finally {
      await page.context().setOffline(false);
    }
  });
});

describe.each(LOCALES)('axe in %s', (locale) => {
  it('is clean on the cause list and a cause (and the landing page in Twi), with lang set', async () => {
    const reader = await newMobilePage(browser);
    await reader.context().addCookies([{ name: 'boafo_locale', value: locale, url: server.url }]);
    await reader.addInitScript((chosen) => localStorage.setItem('boafo.locale', chosen), locale);
    // The landing page's words are the shell's and the landing area's, the same in every language's file: one
    // language there is enough; the list and the cause draw most of what a donor reads.
    const paths = locale === 'ak' ? ['/', '/causelistpage', `/causes/${causeId}`] : ['/causelistpage', `/causes/${causeId}`];
    for (const path of paths) {
      await reader.goto(`${server.url}${path}`);
      await startAppOnPaintedPage(reader);
      await expect.poll(() => language(reader)).toBe(locale);
      expect(await axeViolations(reader), `${locale} ${path}`).toEqual([]);
    }
    await reader.context().close();
  });
});
