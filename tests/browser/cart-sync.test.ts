// Offline cart edits against the real server and the built app, in the tab layouts that used to lose
// them. Each test runs its scenario 5 times in a fresh browser profile, so a race shows.
//  - Two tabs: one still a guest (it missed the other tab's sign-in: it was starting up, or frozen in
//    the background; here its 'storage' events are held back to make that certain), one signed in.
//    The guest tab starts its offline layer after the sign-in, which used to make the service worker
//    believe nobody was signed in. Edit offline in the signed-in tab, reconnect: the server cart equals
//    the device within 10 s.
//  - The same, with both pages closed after the edit: the service worker alone sends it.
//  - A 401 during the flush (the access token is no longer accepted): refresh, send, stay signed in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { screenshot, startAppOnPaintedPage } from './helpers/browser';
import { closeBrowserApp, openBrowserApp } from './helpers/app-fixture';
import type { RunningServer } from './helpers/server-process';

const RUNS = 5;
const PASSWORD = 'kente-weave-2025';
let server: RunningServer;
let browser: Browser;

type Row = [string, number, string];

async function api(path: string, init: { method?: string; body?: unknown; token?: string } = {}) {
  const response = await fetch(`${server.url}${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: { 'Content-Type': 'application/json', ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${path} → ${response.status}: ${text}`);
  return text ? JSON.parse(text) : undefined;
}

let donors = 0;
async function newDonor() {
  donors += 1;
  const email = `cart.sync.${Date.now()}.${donors}@example.com`;
  await api('/api/user/auth/signup/', {
    body: { first_name: 'Abena', last_name: 'Owusu', email, password: PASSWORD, password2: PASSWORD },
  });
  const { access } = await api('/api/user/auth/login/', { body: { email, password: PASSWORD } });
  return { email, access: access as string };
}

async function serverCart(token: string): Promise<Row[]> {
  const cart = await api('/api/cart/', { token });
  return (cart.items as { cause_id: string; quantity: number; donation_amount: string }[])
    .map((i) => [i.cause_id, i.quantity, i.donation_amount] as Row)
    .sort((a, b) => a[0].localeCompare(b[0]));
}

/** A table of the app's IndexedDB, read in the page. */
function idb<T>(page: Page, store: string): Promise<T[]> {
  return page.evaluate(
    (name) =>
      new Promise<T[]>((resolve, reject) => {
        const open = indexedDB.open('boafo');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const read = open.result.transaction(name).objectStore(name).getAll();
          read.onsuccess = () => {
            open.result.close();
            resolve(read.result as T[]);
          };
        };
      }),
    store,
  );
}

async function deviceCart(page: Page): Promise<Row[]> {
  const rows = await idb<{ cause_id: string; quantity: number; donation_amount: string }>(page, 'cart');
  return rows.map((r) => [r.cause_id, r.quantity, r.donation_amount] as Row).sort((a, b) => a[0].localeCompare(b[0]));
}

/** Opens a page and makes sure the service worker controls it (first visit installs, reload is controlled). */
async function controlledPage(context: BrowserContext, path: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${server.url}${path}`);
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  return page;
}

/** A tab that stays a guest while another tab signs in: it never hears the other tab's 'storage' events. */
async function guestTab(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.addInitScript(() => window.addEventListener('storage', (event) => event.stopImmediatePropagation(), true));
  await page.goto(`${server.url}/`);
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  // Its app must be running as a guest before the other tab signs in (a new page load would read the new session).
  await startAppOnPaintedPage(page);
  return page;
}

async function signIn(page: Page, email: string): Promise<void> {
  await page.goto(`${server.url}/sign-in`);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/dashboard/);
}

/** Offline in this tab: two causes added from the list, then a plus on /cartpage. Returns what the device shows. */
async function editOffline(page: Page, context: BrowserContext, run: number, shots = false): Promise<Row[]> {
  await page.goto(`${server.url}/causelistpage`);
  await expect.poll(() => page.locator('.cause-card').count(), { timeout: 20_000 }).toBeGreaterThan(3);
  await context.setOffline(true);
  const cards = page.locator('.cause-card').filter({ has: page.getByRole('button', { name: 'Add to cart' }) });
  const titles: string[] = [];
  for (const index of [run % 3, (run % 3) + 1]) {
    const title = (await cards.nth(index).locator('.cause-card__title').textContent())!.trim();
    titles.push(title);
    // By title, not by position: going offline may redraw the list from the device's copy in another order.
    const card = page.locator('.cause-card').filter({ has: page.getByRole('link', { name: title, exact: true }) });
    await card.getByRole('button', { name: 'Add to cart' }).click();
  }
  await expect.poll(() => deviceCart(page).then((rows) => rows.length)).toBe(2);
  await page.goto(`${server.url}/cartpage`);
  const plus = page.getByRole('button', { name: `Increase quantity of ${titles[0]}` });
  try {
    await plus.click({ timeout: 15_000 });
  } catch (error) {
    await screenshot(page, `cart-sync-failure-${run}`);
    throw new Error(
      `${(error as Error).message}\ndevice: ${JSON.stringify(await deviceCart(page))}\nmeta: ${JSON.stringify(await idb(page, 'meta'))}\noutbox: ${JSON.stringify(await idb(page, 'outbox'))}`,
    );
  }
  await plus.click();
  await expect.poll(() => page.getByLabel(`Line total for ${titles[0]}`).textContent()).toBe('GH₵30.00');
  await expect.poll(() => page.getByText('Saved on this device', { exact: true }).isVisible()).toBe(true);
  if (shots) await screenshot(page, 'cart-sync-offline');
  const device = await deviceCart(page);
  expect(device.map((row) => row[1]).sort()).toEqual([1, 3]);
  return device;
}

/** Polls until the server cart equals `expected` (or a function of the device), failing with what the device still holds. */
async function convergesWithin(ms: number, token: string, expected: () => Promise<Row[]>, witness: Page | BrowserContext): Promise<number> {
  const started = Date.now();
  try {
    await expect
      .poll(async () => JSON.stringify(await serverCart(token)) === JSON.stringify(await expected()), { timeout: ms, interval: 100 })
      .toBe(true);
  } catch (error) {
    const page = 'newPage' in witness ? await witness.newPage() : witness;
    if ('newPage' in witness) await page.goto(`${server.url}/sign-in`);
    const outbox = `${JSON.stringify(await idb(page, 'outbox'))}\nsessions: ${JSON.stringify(await idb(page, 'session'))}`;
    throw new Error(
      `${(error as Error).message}\nserver: ${JSON.stringify(await serverCart(token))}\nexpected: ${JSON.stringify(await expected())}\noutbox: ${outbox}`,
    );
  }
  return Date.now() - started;
}

beforeAll(async () => {
  ({ server, browser } = await openBrowserApp());
}, 120_000);

afterAll(async () => {
  await closeBrowserApp({ browser, server });
});

describe('offline cart edits arrive, in every tab layout', () => {
  it('two tabs (one guest, one signed in): an offline edit in the signed-in tab reaches the server within 10 s of reconnecting', async () => {
    const times: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      const donor = await newDonor();
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
      try {
        const guest = await guestTab(context);
        const signedIn = await controlledPage(context, '/sign-in');
        await signIn(signedIn, donor.email);
        // The guest tab opens the cause list only now: its offline layer starts after the sign-in.
        await guest
          .getByRole('link', { name: /causes/i })
          .first()
          .click();
        await expect.poll(() => guest.locator('.cause-card').count(), { timeout: 20_000 }).toBeGreaterThan(0);

        await editOffline(signedIn, context, run, run === 0);
        expect(await serverCart(donor.access)).toEqual([]);
        await context.setOffline(false);
        times.push(await convergesWithin(10_000, donor.access, () => deviceCart(signedIn), signedIn));
        expect((await serverCart(donor.access)).map((row) => row[1]).sort()).toEqual([1, 3]);
        await expect.poll(() => signedIn.getByText('Saved on this device', { exact: true }).count(), { timeout: 10_000 }).toBe(0);
        if (run === 0) await screenshot(signedIn, 'cart-sync-synced');
      } finally {
        await context.close();
      }
    }
    console.log(`two tabs: server equal to the device ${times.map((t) => `${t} ms`).join(', ')} after reconnecting`);
  });

  it('the service worker alone sends it: both pages closed after the offline edit, the worker alive', async () => {
    const times: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      const donor = await newDonor();
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      try {
        const guest = await guestTab(context);
        const signedIn = await controlledPage(context, '/sign-in');
        await signIn(signedIn, donor.email);
        await guest
          .getByRole('link', { name: /causes/i })
          .first()
          .click();
        await expect.poll(() => guest.locator('.cause-card').count(), { timeout: 20_000 }).toBeGreaterThan(0);

        const device = await editOffline(signedIn, context, run);
        await signedIn.close();
        await guest.close();
        await context.setOffline(false);
        times.push(await convergesWithin(10_000, donor.access, async () => device, context));

        // Back on the device, it shows what the server has.
        const again = await context.newPage();
        await again.goto(`${server.url}/cartpage`);
        await expect.poll(() => deviceCart(again), { timeout: 10_000 }).toEqual(await serverCart(donor.access));
      } finally {
        await context.close();
      }
    }
    console.log(`worker only: server equal to the device ${times.map((t) => `${t} ms`).join(', ')} after reconnecting`);
  });

  it('a 401 during the flush refreshes the token and sends, and the donor stays signed in', async () => {
    for (let run = 0; run < RUNS; run += 1) {
      const donor = await newDonor();
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      try {
        const page = await controlledPage(context, '/sign-in');
        await signIn(page, donor.email);
        await page.goto(`${server.url}/causelistpage`);
        await expect.poll(() => page.locator('.cause-card').count(), { timeout: 20_000 }).toBeGreaterThan(3);
        await expect.poll(() => idb(page, 'causes').then((rows) => rows.length)).toBeGreaterThan(3); // saved for the offline reload
        await context.setOffline(true);
        // The access token this device holds is no longer accepted (as after 15 minutes offline).
        const stale = await page.evaluate(() => {
          const token = localStorage.getItem('access_token')!;
          const broken = `${token.slice(0, -6)}AAAAAA`;
          localStorage.setItem('access_token', broken);
          return broken;
        });
        await page.reload();
        const card = page
          .locator('.cause-card')
          .filter({ has: page.getByRole('button', { name: 'Add to cart' }) })
          .nth(run % 3);
        await card.getByRole('button', { name: 'Add to cart' }).click();
        await expect.poll(() => deviceCart(page).then((rows) => rows.length)).toBe(1);

        await context.setOffline(false);
        await convergesWithin(10_000, donor.access, () => deviceCart(page), page);
        const access = await page.evaluate(() => localStorage.getItem('access_token'));
        expect(access).not.toBe(stale);
        expect((await api('/api/user/profile/', { token: access! })).email).toBe(donor.email);
        // The login was not revoked on the way (a refresh token spent twice would have ended it).
        const refresh = await page.evaluate(() => localStorage.getItem('refresh_token'));
        expect((await api('/api/user/token/refresh/', { body: { refresh } })).access).toBeTruthy();
      } finally {
        await context.close();
      }
    }
  });
});
