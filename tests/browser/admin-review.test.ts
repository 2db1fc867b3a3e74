// An organizer's causes reach the admin: the admin signs in through /organizersignuppage, rejects one
// with a reason and approves another on /causereviewpage, sees the totals move, and finds the metrics
// chart on /admindashboard. A regular user is kept out. axe checks the signed-in and admin screens.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { screenshot } from './helpers/browser';
import { closeBrowserApp, openBrowserApp } from './helpers/app-fixture';
import type { RunningServer } from './helpers/server-process';
import { rememberDevice, twoStepSignIn } from './helpers/api';

const ADMIN_EMAIL = 'admin@example.com';
const ADMIN_PASSWORD = 'admin-pass-123';
const stamp = Date.now();
const userEmail = `kojo.owusu.${stamp}@example.com`;
const userPassword = 'adinkra-stool-77';
const toReject = `Borehole for Bawku ${stamp}`;
const toApprove = `Library books for Wa ${stamp}`;

let server: RunningServer;
let browser: Browser;
let page: Page;
let userTokens: { access: string; refresh: string };

async function call<T>(path: string, init: { method?: string; body?: unknown; token?: string } = {}): Promise<T> {
  const response = await fetch(`${server.url}${path}`, {
    method: init.method ?? 'GET',
    headers: { 'Content-Type': 'application/json', ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

function claims(token: string): { user_id: string } {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'));
}

/** Opens a page already signed in with the given tokens (what the sign-in form stores). */
async function signedInPage(tokens: { access: string; refresh: string }): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const p = await context.newPage();
  await p.goto(`${server.url}/sign-in`);
  await p.evaluate(
    ([access, refresh]) => {
      localStorage.setItem('access_token', access);
      localStorage.setItem('refresh_token', refresh);
    },
    [tokens.access, tokens.refresh],
  );
  return { context, page: p };
}

const totalOf = (p: Page, label: string) => p.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd').innerText();

beforeAll(async () => {
  ({ server, browser, page } = await openBrowserApp({ ADMIN_EMAIL, ADMIN_PASSWORD }));

  await call('/api/user/auth/signup/', {
    method: 'POST',
    body: { first_name: 'Kojo', last_name: 'Owusu', email: userEmail, password: userPassword, password2: userPassword },
  });
  userTokens = await call('/api/user/auth/login/', { method: 'POST', body: { email: userEmail, password: userPassword } });
  const organizer_id = claims(userTokens.access).user_id;
  for (const name of [toReject, toApprove]) {
    await call('/api/causes/create/', {
      method: 'POST',
      token: userTokens.access,
      body: {
        name,
        description: `${name}: help us finish it before the rains.`,
        organizer_id,
        target_amount: '2500.00',
        location: 'Upper East',
      },
    });
  }
  // Admins need two-step sign-in: on, and this browser a remembered device, so the admin signs in with the password.
  await rememberDevice(page, ADMIN_EMAIL, (await twoStepSignIn(server.url, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD })).deviceToken);
});

afterAll(async () => {
  await closeBrowserApp({ browser, server });
});

describe('admin review in the browser', () => {
  it('tells a regular account at the admin door that it is not an administrator', async () => {
    await page.goto(`${server.url}/organizersignuppage`);
    await page.getByLabel('Email', { exact: true }).fill(userEmail);
    await page.getByLabel('Password', { exact: true }).fill(userPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.getByText('This account is not an administrator.').isVisible()).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/organizersignuppage');
  });

  it('signs the admin in through /organizersignuppage and lands on the admin dashboard with the chart', async () => {
    await page.getByLabel('Email', { exact: true }).fill(ADMIN_EMAIL);
    await page.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/admindashboard$/);
    await expect.poll(() => page.getByRole('heading', { name: 'Welcome, Admin.' }).isVisible()).toBe(true);
    // The lazily loaded line chart draws into a canvas (or svg) inside the metrics figure.
    await page.locator('[data-testid="metrics-chart"] canvas, [data-testid="metrics-chart"] svg').first().waitFor({ state: 'attached' });
    const month = page.getByLabel('Month');
    expect(await month.locator('option').count()).toBeGreaterThan(0);
    expect(await month.locator('option').first().innerText()).toMatch(/^[A-Z][a-z]+ \d{4}$/);
    await page.getByRole('button', { name: 'Show as table' }).click();
    await expect.poll(() => page.getByRole('table', { name: /Donations per day in/ }).isVisible()).toBe(true);
    await screenshot(page, 'admin-dashboard');
  });

  it('rejects one cause with a reason, approves another, and the totals follow', async () => {
    await page.goto(`${server.url}/causereviewpage`);
    await page.getByRole('link', { name: toReject }).waitFor();
    await expect.poll(() => totalOf(page, 'Total pending')).toMatch(/^\d+$/);
    const before = {
      accepted: Number(await totalOf(page, 'Total accepted')),
      rejected: Number(await totalOf(page, 'Total rejected')),
      pending: Number(await totalOf(page, 'Total pending')),
    };

    await page.getByRole('button', { name: `Reject ${toReject}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Reject', exact: true }).click();
    await expect.poll(() => dialog.getByText('Please give a reason.').isVisible()).toBe(true);
    await dialog.getByLabel('Reason for rejecting').fill('Please add the drilling quote and the community letter.');
    await dialog.getByRole('button', { name: 'Reject', exact: true }).click();
    await expect.poll(() => page.getByText('Cause rejected').isVisible()).toBe(true);
    await page.getByRole('link', { name: toReject }).waitFor({ state: 'detached' });

    await page.getByRole('button', { name: `Approve ${toApprove}` }).click();
    await expect.poll(() => page.getByText('Cause approved').isVisible()).toBe(true);
    await page.getByRole('link', { name: toApprove }).waitFor({ state: 'detached' });

    await expect.poll(async () => Number(await totalOf(page, 'Total accepted'))).toBe(before.accepted + 1);
    expect(Number(await totalOf(page, 'Total rejected'))).toBe(before.rejected + 1);
    expect(Number(await totalOf(page, 'Total pending'))).toBe(before.pending - 2);

    // The period select asks the server again; a longer period includes this week's decisions.
    await page.getByLabel('Causes reviewed in').selectOption({ label: 'Three months' });
    await expect.poll(async () => Number(await totalOf(page, 'Total accepted'))).toBeGreaterThanOrEqual(before.accepted + 1);
    await screenshot(page, 'cause-review-after');

    // The organizer sees the outcome: one active cause, one rejected with the reason.
    const mine = await call<{ results: { name: string; status: string; rejection_reason: string | null }[] }>(
      `/api/causes/list/?organizer_id=${claims(userTokens.access).user_id}&page_size=10`,
      { token: userTokens.access },
    );
    const byName = Object.fromEntries(mine.results.map((c) => [c.name, c]));
    expect(byName[toApprove].status).toBe('active');
    expect([byName[toReject].status, byName[toReject].rejection_reason]).toEqual([
      'rejected',
      'Please add the drilling quote and the community letter.',
    ]);
  });

  it('shows the access-denied screen to a regular user on /causereviewpage', async () => {
    const { context, page: userPage } = await signedInPage(userTokens);
    await userPage.goto(`${server.url}/causereviewpage`);
    await expect.poll(() => userPage.getByRole('heading', { name: 'Access denied' }).isVisible()).toBe(true);
    await context.close();
  });
});

describe('axe on the signed-in and admin screens', () => {
  async function axe(p: Page, path: string, ready: string) {
    await p.goto(`${server.url}${path}`);
    await p.getByRole('heading', { name: ready }).first().waitFor();
    // Let the lazy parts (chart, lists) settle before checking.
    await p.waitForLoadState('networkidle');
    const results = await new AxeBuilder({ page: p }).analyze();
    return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  }

  it('finds no violations for a user on /dashboard, /profilesettings, /profilepage and /desktoppage', async () => {
    const { context, page: p } = await signedInPage(userTokens);
    expect(await axe(p, '/dashboard', 'Popular Causes')).toEqual([]);
    expect(await axe(p, '/profilesettings', 'Profile settings')).toEqual([]);
    expect(await axe(p, '/profilepage', 'Your causes')).toEqual([]);
    expect(await axe(p, '/desktoppage', 'Your Favorites')).toEqual([]);
    await context.close();
  });

  it('finds no violations for the admin on /causereviewpage and /admindashboard', async () => {
    const admin = await twoStepSignIn(server.url, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    const { context, page: p } = await signedInPage(admin);
    expect(await axe(p, '/causereviewpage', 'Review totals')).toEqual([]);
    expect(await axe(p, '/admindashboard', 'Metrics')).toEqual([]);
    await context.close();
  });
});
