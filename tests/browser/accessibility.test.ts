// axe finds no violations on the screens this issue builds.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import AxeBuilder from '@axe-core/playwright';
import type { Browser } from 'playwright-core';
import { closeBrowserApp, openBrowserApp } from './helpers/app-fixture';
import type { RunningServer } from './helpers/server-process';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await openBrowserApp());
});

afterAll(async () => {
  await closeBrowserApp({ browser, server });
});

describe.each(['/', '/sign-in', '/signup', '/organizersignuppage', '/causelistpage'])('axe on %s', (path) => {
  it('has no violations', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(`${server.url}${path}`);
    await page.waitForSelector('main');
    const results = await new AxeBuilder({ page }).analyze();
    const summary = results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    expect(summary).toEqual([]);
    await context.close();
  });
});
