// Realtime notifications end to end against the real server (sandbox payment provider, the default):
// organizer A's cause is approved; A signs in through the UI and opens /notificationspage; donor B
// donates through the API and A's page shows the new notification without a reload (with the toast).
// Then the server restarts (same data, same port) and B donates again right away: A's page reconnects
// by itself and catches up, showing the notification it missed while the socket was down.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { screenshot } from './helpers/browser';
import { closeBrowserApp, openBrowserApp } from './helpers/app-fixture';
import type { RunningServer } from './helpers/server-process';
import { twoStepSignIn } from './helpers/api';

const ADMIN_EMAIL = 'admin@example.com';
const ADMIN_PASSWORD = 'admin-pass-123';
const stamp = Date.now();
const A = { first_name: 'Abena', last_name: 'Asante', email: `abena.${stamp}@example.com`, password: 'kente-weave-2025' };
const B = { first_name: 'Kwesi', last_name: 'Boateng', email: `kwesi.${stamp}@example.com`, password: 'adinkra-stool-77' };
const CAUSE = `Clinic roof for Ho ${stamp}`;

let server: RunningServer;
let browser: Browser;
let page: Page;
let causeId: string;
let donorToken: string;

async function call<T>(path: string, init: { method?: string; body?: unknown; token?: string } = {}): Promise<T> {
  const response = await fetch(`${server.url}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json',
      ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    redirect: 'manual',
  });
  const text = await response.text();
  if (!response.ok && response.status !== 303) throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

async function signUpAndIn(user: typeof A): Promise<string> {
  await call('/api/user/auth/signup/', { method: 'POST', body: { ...user, password2: user.password } });
  return (await call<{ access: string }>('/api/user/auth/login/', { method: 'POST', body: { email: user.email, password: user.password } }))
    .access;
}

const userId = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')).user_id as string;

/** B gives `amount` to A's cause through the sandbox: donate, pay, verify. */
async function donate(amount: string): Promise<void> {
  const { reference } = await call<{ reference: string }>('/api/cart/donate/', {
    method: 'POST',
    token: donorToken,
    body: { email: B.email, cause_id: causeId, donation_amount: amount, quantity: 1 },
  });
  await call(`/sandbox/checkout/${reference}/`, { method: 'POST', body: { outcome: 'success' } });
  await call(`/api/payments/verify/${reference}/`, { token: donorToken });
}

const items = (p: Page) => p.locator('.notification-list > li');

beforeAll(async () => {
  ({ server, browser, page } = await openBrowserApp({ ADMIN_EMAIL, ADMIN_PASSWORD }));

  const organizerToken = await signUpAndIn(A);
  donorToken = await signUpAndIn(B);
  const cause = await call<{ id: string }>('/api/causes/create/', {
    method: 'POST',
    token: organizerToken,
    body: {
      name: CAUSE,
      description: `${CAUSE}: the rains are coming.`,
      organizer_id: userId(organizerToken),
      target_amount: '5000.00',
      location: 'Volta',
    },
  });
  causeId = cause.id;
  const admin = await twoStepSignIn(server.url, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
  await call(`/api/admin/causes/${causeId}/approve/`, { method: 'POST', token: admin.access, body: {} });
}, 180_000);

afterAll(async () => {
  await closeBrowserApp({ browser, server });
});

describe('realtime notifications', () => {
  it('A signs in through the UI and sees the approval on /notificationspage', async () => {
    await page.goto(`${server.url}/sign-in`);
    await page.getByLabel('Email', { exact: true }).fill(A.email);
    await page.getByLabel('Password', { exact: true }).fill(A.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/dashboard/);

    await page.goto(`${server.url}/notificationspage`);
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Your notifications' }).isVisible()).toBe(true);
    await expect.poll(() => items(page).count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await expect.poll(() => page.getByText('Live updates on').isVisible(), { timeout: 20_000 }).toBe(true);
    await screenshot(page, 'notifications-initial');
  });

  it('a donation by B appears at the top without a reload, with the toast and the bell count', async () => {
    const before = await items(page).count();
    await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
    await donate('25.00');

    await expect.poll(() => items(page).count(), { timeout: 20_000 }).toBe(before + 1);
    await expect.poll(() => items(page).first().innerText()).toMatch(/New donation/);
    await expect.poll(() => items(page).first().innerText()).toContain(CAUSE);
    await expect.poll(() => page.getByText('New notification received').count()).toBeGreaterThan(0);
    await expect
      .poll(() => page.getByRole('link', { name: /^Notifications, \d+ unread$/ }).getAttribute('aria-label'))
      .toMatch(/[1-9]\d* unread/);
    // Same document: nothing reloaded.
    expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
    await screenshot(page, 'notifications-live');

    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });

  it('after a server restart the page reconnects by itself and catches up on what it missed', async () => {
    const before = await items(page).count();
    server = await server.restart();
    // Right after the restart, before the page's socket is back: this notification goes to nobody live.
    await donate('40.00');

    // The socket retries 5 times 2 s apart; a restart can take longer, and then the recovery probe
    // (the unread count, every 30 s while given up) brings it back. Either way: no reload, no click.
    await expect.poll(() => items(page).count(), { timeout: 60_000 }).toBe(before + 1);
    await expect.poll(() => items(page).first().innerText()).toMatch(/40\.00/);
    await expect.poll(() => page.getByText('Live updates on').isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
    // Exactly once, even though the live message and the catch-up could both carry it.
    const texts = await items(page).allInnerTexts();
    expect(texts.filter((t) => /40\.00/.test(t))).toHaveLength(1);
    await screenshot(page, 'notifications-after-restart');
  });

  it('marks everything read and the bell follows', async () => {
    const readAll = page.waitForResponse((r) => r.url().endsWith('/api/notifications/read-all/') && r.ok());
    await page.getByRole('button', { name: 'Mark all as read' }).click();
    await readAll;
    await expect.poll(() => page.locator('.notification-item.is-unread').count()).toBe(0);
    await expect
      .poll(() =>
        page
          .getByRole('link', { name: /^Notifications/ })
          .first()
          .getAttribute('aria-label'),
      )
      .toBe('Notifications, 0 unread');
    await page.reload();
    await expect.poll(() => items(page).count(), { timeout: 20_000 }).toBeGreaterThan(1);
    expect(await page.locator('.notification-item.is-unread').count()).toBe(0);
  });
});
