// Giving end to end against the real server (sandbox payment provider, the default): a signed-in user
// fills the cart with the network cut, changes a quantity, reloads, comes back online and the server
// cart equals the device's; then checks both causes out through /multidonation, pays on the sandbox
// checkout page and lands on 'Payment verified successfully'. Both causes rose by exactly what was
// given, and the donation history shows both.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Locator, Page } from 'playwright-core';
import { screenshot } from './helpers/browser';
import { closeBrowserApp, openBrowserApp } from './helpers/app-fixture';
import type { RunningServer } from './helpers/server-process';
import { animationsDone } from './helpers/api';

const USER = { email: `ama.giving.${Date.now()}@example.com`, password: 'kente-weave-2025' };

let server: RunningServer;
let browser: Browser;
let page: Page;
let token: string;
const chosen: { id: string; title: string; before: number }[] = [];

async function api(path: string, init: { method?: string; body?: unknown; token?: string } = {}) {
  const response = await fetch(`${server.url}${path}`, {
    method: init.method ?? 'GET',
    headers: { 'Content-Type': 'application/json', ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${path} → ${response.status}: ${text}`);
  return text ? JSON.parse(text) : undefined;
}

/** "12.50" → 1250 pesewas (no floats on money). */
function pesewas(text: string): number {
  const [whole, fraction = ''] = String(text).split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
}

/** The device cart straight from IndexedDB: [cause_id, quantity, donation_amount], sorted. */
function localCart(p: Page): Promise<[string, number, string][]> {
  return p.evaluate(
    () =>
      new Promise<[string, number, string][]>((resolve, reject) => {
        const open = indexedDB.open('boafo');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const request = open.result.transaction('cart').objectStore('cart').getAll();
          request.onsuccess = () => {
            const rows = (request.result as { cause_id: string; quantity: number; donation_amount: string }[])
              .map((r) => [r.cause_id, r.quantity, r.donation_amount] as [string, number, string])
              .sort((a, b) => a[0].localeCompare(b[0]));
            open.result.close();
            resolve(rows);
          };
        };
      }),
  );
}

async function serverCart(): Promise<[string, number, string][]> {
  const cart = await api('/api/cart/', { token });
  return (cart.items as { cause_id: string; quantity: number; donation_amount: string }[])
    .map((i) => [i.cause_id, i.quantity, i.donation_amount] as [string, number, string])
    .sort((a, b) => a[0].localeCompare(b[0]));
}

beforeAll(async () => {
  ({ server, browser, page } = await openBrowserApp());
  await api('/api/user/auth/signup/', {
    method: 'POST',
    body: { first_name: 'Ama', last_name: 'Owusu', email: USER.email, password: USER.password, password2: USER.password },
  });
  token = (await api('/api/user/auth/login/', { method: 'POST', body: USER })).access;
}, 120_000);

afterAll(async () => {
  await closeBrowserApp({ browser, server });
});

describe('giving: offline cart, sync, checkout, sandbox payment, history', () => {
  it('signs in through the UI and opens the cause list with the worker in control', async () => {
    await page.goto(`${server.url}/sign-in`);
    await page.getByLabel('Email', { exact: true }).fill(USER.email);
    await page.getByLabel('Password', { exact: true }).fill(USER.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/dashboard/);

    await page.goto(`${server.url}/causelistpage`);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.reload();
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    await expect.poll(() => page.locator('.cause-card__title a').count()).toBeGreaterThan(1);

    // Two causes that take donations, with their raised amounts now.
    const links = await page
      .locator('.cause-card__title a')
      .evaluateAll((as) => as.map((a) => ({ id: a.getAttribute('href')!.split('/').pop()!, title: a.textContent ?? '' })));
    for (const link of links) {
      const cause = await api(`/api/causes/details/${link.id}/`);
      if (cause.accepts_donations) chosen.push({ ...link, before: pesewas(cause.current_amount) });
      if (chosen.length === 2) break;
    }
    expect(chosen).toHaveLength(2);
  });

  it('offline: adds both to the cart, changes a quantity on /cartpage, and keeps it over a reload', async () => {
    await page.context().setOffline(true);
    for (const cause of chosen) {
      const card = page.locator('.cause-card').filter({ has: page.getByRole('link', { name: cause.title, exact: true }) });
      await card.getByRole('button', { name: 'Add to cart' }).click();
    }
    await expect.poll(() => page.getByText('Added to cart').count()).toBeGreaterThan(0);
    await expect.poll(() => localCart(page).then((rows) => rows.length)).toBe(2);

    await page.goto(`${server.url}/cartpage`);
    await expect.poll(() => page.getByRole('link', { name: chosen[1].title, exact: true }).isVisible(), { timeout: 20_000 }).toBe(true);
    await page.getByRole('button', { name: `Increase quantity of ${chosen[0].title}` }).click();
    await expect.poll(() => page.getByText('Saved on this device', { exact: true }).isVisible()).toBe(true);
    await expect
      .poll(() => localCart(page))
      .toEqual(
        [
          [chosen[0].id, 2, '10.00'],
          [chosen[1].id, 1, '10.00'],
        ].sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
      );
    // Nothing reached the server yet.
    expect(await serverCart()).toEqual([]);
    await screenshot(page, 'giving-cart-offline');

    await page.reload();
    await expect.poll(() => page.getByLabel(`Line total for ${chosen[0].title}`).textContent(), { timeout: 20_000 }).toBe('GH₵20.00');
    await expect.poll(() => page.getByText('Saved on this device', { exact: true }).isVisible()).toBe(true);
  });

  it('back online: the outbox drains and the server cart equals the device cart', async () => {
    await page.context().setOffline(false);
    try {
      await expect.poll(() => serverCart(), { timeout: 30_000 }).toEqual(await localCart(page));
    } catch (error) {
      // Say what the device still holds, so a failure here can be understood from the CI log.
      const outbox = await page.evaluate(
        () =>
          new Promise((resolve) => {
            const open = indexedDB.open('boafo');
            open.onsuccess = () => {
              const read = open.result.transaction('outbox').objectStore('outbox').getAll();
              read.onsuccess = () => resolve(read.result);
            };
          }),
      );
      throw new Error(`${(error as Error).message}\noutbox: ${JSON.stringify(outbox)}\nserver log: ${server.output().slice(-3000)}`);
    }
    await expect.poll(() => page.getByText('Saved on this device', { exact: true }).count(), { timeout: 30_000 }).toBe(0);
    // After the sync the device holds exactly the server's cart.
    expect(await localCart(page)).toEqual(await serverCart());
    expect((await serverCart()).map((row) => row[1]).sort()).toEqual([1, 2]);
    await screenshot(page, 'giving-cart-synced');
  });

  it('ticks both, checks out through /multidonation, pays on the sandbox page, and the payment verifies', async () => {
    for (const cause of chosen) await page.getByRole('checkbox', { name: `Select ${cause.title}` }).check();
    await expect.poll(() => page.getByText('2 selected').isVisible()).toBe(true);
    await page.getByRole('button', { name: /^Checkout/ }).click();
    await page.waitForURL(/\/multidonation\?/);
    await expect.poll(() => page.getByLabel(`Amount for ${chosen[0].title} (GHS)`).inputValue()).toBe('20.00');
    await expect.poll(() => page.getByLabel('Email address').inputValue()).toBe(USER.email);
    await screenshot(page, 'giving-multidonation');

    const started = page.waitForResponse((r) => r.url().includes('/api/cart/checkout/') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Donate' }).click();
    const response = await started;
    expect(response.status()).toBe(200);
    expect(response.request().headers()['idempotency-key']).toBeTruthy();
    expect(response.request().postDataJSON()).toMatchObject({ mode: 'cart' });

    await page.waitForURL(/\/sandbox\/checkout\//, { timeout: 20_000 });
    await page.getByRole('button', { name: /^Pay / }).click();
    await page.waitForURL(/\/payment-status\?reference=/, { timeout: 20_000 });
    await expect
      .poll(() => page.getByRole('heading', { name: 'Payment verified successfully' }).isVisible(), { timeout: 20_000 })
      .toBe(true);
    for (const cause of chosen) await expect.poll(() => page.getByText(cause.title, { exact: true }).first().isVisible()).toBe(true);
    await screenshot(page, 'giving-payment-verified');
  });

  it('each cause rose by exactly what was given; the paid lines left the cart; the history shows both', async () => {
    const given = [2000, 1000];
    for (const [i, cause] of chosen.entries()) {
      const now = await api(`/api/causes/details/${cause.id}/`);
      expect(pesewas(now.current_amount) - cause.before).toBe(given[i]);
    }
    await expect.poll(() => serverCart(), { timeout: 10_000 }).toEqual([]);
    await expect.poll(() => localCart(page), { timeout: 10_000 }).toEqual([]);

    await page.goto(`${server.url}/donationhistory`);
    for (const cause of chosen) {
      await expect.poll(() => page.locator('.history-card__title').filter({ hasText: cause.title }).count(), { timeout: 15_000 }).toBe(1);
    }
    await expect.poll(() => page.getByText('GH₵20.00').first().isVisible()).toBe(true);
    await screenshot(page, 'giving-history');
  });

  it('axe finds no violations on the giving screens', async () => {
    // Each screen is checked as a donor reads it: what it is for is on screen and nothing is still loading.
    const screens: Array<[path: string, ready: (page: Page) => Locator]> = [
      ['/cartpage', (p) => p.getByRole('heading', { level: 1, name: 'Your cart' })],
      [`/donation?causeId=${chosen[0].id}&amount=20`, (p) => p.locator('.lead strong').filter({ hasText: chosen[0].title })],
      [
        `/multidonation?causes=${chosen.map((c) => c.id).join(',')}`,
        (p) => p.getByRole('heading', { level: 1, name: 'Donate to several causes' }),
      ],
      ['/payment-status', (p) => p.getByRole('heading', { level: 1 })],
      ['/donationhistory', (p) => p.locator('.history-card__title').filter({ hasText: chosen[0].title })],
      ['/redirectingmodal', (p) => p.getByRole('heading', { level: 1, name: /Redirecting you to the payment/ })],
    ];
    for (const [path, ready] of screens) {
      await page.goto(`${server.url}${path}`);
      await expect.poll(() => ready(page).isVisible()).toBe(true);
      await expect.poll(() => page.locator('[aria-busy="true"], .skeleton').count()).toBe(0);
      await animationsDone(page);
      const results = await new AxeBuilder({ page }).analyze();
      const summary = results.violations.map((v) => `${path} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      expect(summary).toEqual([]);
    }
  });
});
