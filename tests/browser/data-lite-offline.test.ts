// Data-lite (issue 31), against the built app: the worker precaches only the donor's screens (read from dist/sw.js
// and Vite's manifest), a screen outside the precache opens offline once it has been opened online (the /assets
// route caches it), and the donor's screens open offline after the install without ever having been opened.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { ViteManifest } from '../../sw/precache-plan.mjs';
import { newMobilePage, screenshot } from './helpers/browser';
import { closeBrowserApp, openBrowserApp } from './helpers/app-fixture';
import type { RunningServer } from './helpers/server-process';

const dist = join(import.meta.dirname, '..', '..', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as ViteManifest;
const precached = [...readFileSync(join(dist, 'sw.js'), 'utf8').matchAll(/"url":"([^"]+)"/g)].map((m) => m[1]!);

/** The chunk file of a route's lazy component (src/web/routes/<file>). */
function routeChunk(file: string): string {
  const chunk = manifest[`src/web/routes/${file}?tsr-split=component`];
  expect(chunk, file).toBeDefined();
  return chunk!.file;
}

/** Every built file a module pulls in statically, itself included. */
function staticGraph(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key) || !manifest[key]) return new Set();
  seen.add(key);
  const files = new Set([manifest[key]!.file]);
  for (const next of manifest[key]!.imports ?? []) for (const file of staticGraph(next, seen)) files.add(file);
  return files;
}

describe('the precache list (dist/sw.js)', () => {
  it('holds no admin or organizer chunk, nor the metrics chart', () => {
    const notForDonors = Object.keys(manifest).filter((key) =>
      /^src\/web\/(routes\/(admin|dashboard|withdrawals|organizer|causereviewpage|causes\/create|causes\/\$id_\.withdrawals)|features\/admin\/)/.test(
        key,
      ),
    );
    expect(notForDonors.length).toBeGreaterThan(10);
    for (const key of notForDonors) expect(precached, key).not.toContain(manifest[key]!.file);
    expect(precached.some((url) => /metrics-line-chart/.test(url))).toBe(false);
  });

  it("holds every donor screen with what it imports, English's catalog only, and each file once", () => {
    for (const route of [
      'causelistpage.tsx',
      'causes/$id.tsx',
      'cartpage.tsx',
      'donation.tsx',
      'payment-status.tsx',
      'donationhistory.tsx',
    ])
      for (const file of staticGraph(`src/web/routes/${route}?tsr-split=component`)) expect(precached, `${route}: ${file}`).toContain(file);
    expect(precached).toContain('index.html');
    expect(precached).toContain(manifest['src/shared/i18n/compiled/web/locale-en.ts']!.file);
    for (const locale of ['ak', 'ee', 'ha', 'gaa'])
      expect(precached).not.toContain(manifest[`src/shared/i18n/compiled/web/locale-${locale}.ts`]!.file);
    expect(new Set(precached).size).toBe(precached.length);
    expect(precached.filter((url) => url.startsWith('icons/'))).toEqual(['icons/icon-192.png']);
  });

  it('the worker sends queued changes without a copy of Dexie (the page has one; sync-records.ts is plain IndexedDB)', () => {
    const worker = readFileSync(join(dist, 'sw.js'), 'utf8');
    expect(worker).toContain('boafo-outbox'); // the Background Sync tag: the sending code is there
    expect(worker).not.toMatch(/DatabaseClosedError|Dexie/);
  });
});

describe('offline after the install', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    ({ server, browser, page } = await openBrowserApp());
  });

  afterAll(async () => {
    await closeBrowserApp({ browser, server });
  });

  async function installWorker(target: Page): Promise<void> {
    await target.goto(`${server.url}/causelistpage`);
    await target.mouse.move(1, 1);
    await expect.poll(() => target.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: 60_000 }).toBe(true);
    // The install has finished once the worker controls the page (clientsClaim in its activate).
  }

  const heading = (target: Page) => target.getByRole('heading', { level: 1 }).first();
  const broken = (target: Page) => target.getByText('Unexpected Application Error!');

  it('opens a screen outside the precache offline once it was opened online', async () => {
    await installWorker(page);
    const chunk = `/${routeChunk('organizersignuppage.tsx')}`;
    expect(precached).not.toContain(chunk.slice(1));
    expect(await page.evaluate(async (url) => Boolean(await caches.match(url)), chunk)).toBe(false);

    await page.goto(`${server.url}/organizersignuppage`);
    await heading(page).waitFor();
    await expect.poll(() => page.evaluate(async (url) => Boolean(await caches.match(url)), chunk)).toBe(true);

    await page.context().setOffline(true);
    try {
      await page.goto(`${server.url}/organizersignuppage`);
      await heading(page).waitFor();
      expect(await heading(page).textContent()).toBe('Administrator sign in');
      expect(await broken(page).count()).toBe(0);
    } finally {
      await page.context().setOffline(false);
    }
  });

  it("opens the donor's screens offline without having opened them online", async () => {
    const donor = await newMobilePage(browser);
    try {
      await installWorker(donor);
      const list = (await (await fetch(`${server.url}/api/causes/list/?page_size=1`)).json()) as { results: { id: string }[] };
      const causeId = list.results[0]!.id;
      await donor.context().setOffline(true);
      for (const path of [
        '/',
        `/causes/${causeId}`,
        '/cartpage',
        `/donation?causeId=${causeId}&amount=20`,
        '/payment-status',
        '/donationhistory',
      ]) {
        await donor.goto(`${server.url}${path}`);
        await donor.mouse.move(2, 2);
        await heading(donor).waitFor({ timeout: 20_000 });
        expect(await broken(donor).count(), path).toBe(0);
      }
    } catch (error) {
      await screenshot(donor, 'data-lite-offline-donor');
      throw error;
    } finally {
      await donor.context().close();
    }
  });
});
