// The cause page on a 390 × 844 phone: what a donor needs to give (amount raised of goal, progress,
// donors, Donate, Add to Cart, Share) is on the first screen, and a compact Donate bar stays in
// reach while they read the story, gone again when the panel is back in view.
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

describe('cause page at phone size', () => {
  it('has the money and the three actions above the fold, and the Donate bar while reading', async () => {
    const list = (await (await fetch(`${server.url}/api/causes/list/?ordering=popularity`)).json()) as {
      results: { id: string; title: string; accepts_donations: boolean }[];
    };
    const cause = list.results.find((c) => c.accepts_donations)!;
    await page.goto(`${server.url}/causes/${cause.id}`);
    const panel = page.getByRole('complementary', { name: 'Donations' });
    const inFirstScreen = async (name: RegExp | string, role: 'button' | 'link' = 'button') => {
      const box = (await panel.getByRole(role, { name }).first().boundingBox())!;
      return box.y + box.height <= 844;
    };
    // The page the server painted, before the app starts: Donate is a plain link there.
    expect(await inFirstScreen('Donate', 'link')).toBe(true);
    expect(await inFirstScreen('Add to Cart')).toBe(true);
    expect(await inFirstScreen(/^Share/)).toBe(true);
    await startAppOnPaintedPage(page);
    await panel.getByRole('button', { name: 'Donate' }).waitFor();
    expect(await inFirstScreen('Donate')).toBe(true);
    expect(await inFirstScreen('Add to Cart')).toBe(true);
    expect(await inFirstScreen(/^Share/)).toBe(true);
    const raised = (await panel.getByText(/raised of GH₵/).boundingBox())!;
    expect(raised.y + raised.height).toBeLessThanOrEqual(844);
    await page.screenshot({ path: 'tests/browser/.artifacts/cause-page-first-screen.png' });

    const bar = page.getByRole('region', { name: 'Donate to this cause' });
    expect(await bar.count()).toBe(0);
    await page.getByRole('heading', { name: 'About this cause' }).scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 900);
    await expect.poll(() => bar.isVisible()).toBe(true);
    await page.screenshot({ path: 'tests/browser/.artifacts/cause-page-donate-bar.png' });
    await bar.getByRole('button', { name: 'Donate' }).click();
    await page.waitForURL(/\/donation\?/);
    expect(new URL(page.url()).searchParams.get('causeId')).toBe(cause.id);
  });
});
