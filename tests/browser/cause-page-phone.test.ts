// The cause page on a 390 × 844 phone: what a donor needs to give (amount raised of goal, progress,
// donors, Donate, Add to Cart, Share) is on the first screen, and a compact Donate bar stays in
// reach while they read the story, gone again when the panel is back in view.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { newMobilePage, startAppOnPaintedPage } from './helpers/browser';
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

  // A guest who taps Donate the moment the painted page shows: the tap is held for the app, which opens the form in
  // this document (a plain link would load a new document that starts the app again); Back is the cause again.
  it('opens the donation form from a tap on the painted Donate without loading a new document, and Back returns', async () => {
    const list = (await (await fetch(`${server.url}/api/causes/list/?ordering=popularity`)).json()) as {
      results: { id: string; title: string; accepts_donations: boolean }[];
    };
    const cause = list.results.find((c) => c.accepts_donations)!;
    for (let visit = 0; visit < 3; visit++) {
      const guest = await newMobilePage(browser);
      const documents: string[] = [];
      guest.on('request', (request) => request.isNavigationRequest() && documents.push(new URL(request.url()).pathname));
      await guest.goto(`${server.url}/causes/${cause.id}`);
      await guest.evaluate(() => Object.assign(window, { sameDocument: true }));
      const painted = guest.locator('#root > .boot-page a[href^="/donation"]', { hasText: 'Donate' });
      await painted.click();
      await guest.locator('#donation-amount').waitFor({ timeout: 30_000 });
      expect(new URL(guest.url()).pathname).toBe('/donation');
      expect(new URL(guest.url()).searchParams.get('causeId')).toBe(cause.id);
      expect(await guest.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
      expect(documents).toEqual([`/causes/${cause.id}`]);
      await guest.goBack();
      await guest.getByRole('heading', { level: 1, name: cause.title }).waitFor();
      await guest.context().close();
    }
  });

  // A visitor's first scroll is what starts the app on a painted page, and the app's first render
  // must leave the page where they are reading. It used to move twice: the router reset the window
  // to the top on its first render, and the app's first frame was a short skeleton that pulled the
  // scroll up. When the reset landed depended on the machine (on some, after the reader had scrolled
  // past the panel, so the Donate bar never showed): three fresh visits.
  it('keeps a reader where they scrolled while the app takes over, then shows the Donate bar', async () => {
    const list = (await (await fetch(`${server.url}/api/causes/list/?ordering=popularity`)).json()) as {
      results: { id: string; accepts_donations: boolean }[];
    };
    const cause = list.results.find((c) => c.accepts_donations)!;
    for (let visit = 0; visit < 3; visit++) {
      const reader = await newMobilePage(browser);
      // This reader only scrolls down: any way back up is the page moving under them.
      await reader.addInitScript(() => {
        const seen = { furthest: 0, pulledBack: 0 };
        Object.assign(window, { readerScroll: seen });
        const watch = () => {
          seen.furthest = Math.max(seen.furthest, scrollY);
          seen.pulledBack = Math.max(seen.pulledBack, seen.furthest - scrollY);
          requestAnimationFrame(watch);
        };
        requestAnimationFrame(watch);
      });
      const pulledBack = () =>
        reader.evaluate(() => (window as unknown as { readerScroll: { pulledBack: number } }).readerScroll.pulledBack);
      await reader.goto(`${server.url}/causes/${cause.id}`);
      await reader.getByRole('heading', { name: 'About this cause' }).waitFor();
      await reader.mouse.move(200, 600);
      await reader.mouse.wheel(0, 1200);
      await expect.poll(() => reader.evaluate(() => scrollY)).toBeGreaterThan(200);
      await reader.waitForFunction(() => !document.querySelector('#root > .boot-shell, #root > .boot-page'), undefined, {
        timeout: 20_000,
      });
      // The app's later work (the cause's extras, the offline store, the worker) must not move it either.
      await reader.getByRole('heading', { name: 'Words of support' }).waitFor();
      expect(await pulledBack()).toBe(0);

      await reader.mouse.wheel(0, 900);
      const bar = reader.getByRole('region', { name: 'Donate to this cause' });
      await expect.poll(() => bar.isVisible()).toBe(true);
      expect(await pulledBack()).toBe(0);
      await reader.context().close();
    }
  });
});
