// Launches Debian's Chromium through playwright-core (never a downloaded browser).
import { chromium, type Browser, type Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const artifacts = join(import.meta.dirname, '..', '.artifacts');

/**
 * Chromium's flags for tests and benches. Without the background-networking ones Chromium tries to reach
 * Google's hosts, which this machine's closed network refuses.
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
  });
}

/** A phone-sized page: our users are on cheap phones. */
export async function newMobilePage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
  return context.newPage();
}

/**
 * A guest on a page the server painted (/, a shared cause, the cause list) reads it before the app
 * starts; the app starts on their first interaction (src/web/main.tsx). A test that needs the app
 * running in such a tab interacts first, as a visitor would, and waits for the takeover.
 */
export async function startAppOnPaintedPage(page: Page): Promise<void> {
  await page.mouse.move(1, 1);
  await page.waitForFunction(() => !document.querySelector('#root > .boot-shell, #root > .boot-page'), undefined, { timeout: 20_000 });
}

/** Saves a screenshot under tests/browser/.artifacts for a person to look at. */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(artifacts, { recursive: true });
  await page.screenshot({ path: join(artifacts, `${name}.png`), fullPage: true });
}

/** A slow mobile link (about 3G): 300 ms round trip, 750 kbit/s down, 250 kbit/s up, through Chromium's DevTools protocol. */
export const SLOW_LINK = { offline: false, latency: 300, downloadThroughput: (750 * 1024) / 8, uploadThroughput: (250 * 1024) / 8 };

export async function throttleLink(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW_LINK);
}
