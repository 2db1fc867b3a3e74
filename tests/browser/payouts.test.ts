// Organizer payouts end to end against the real server (sandbox payment and payout provider):
// an organizer's cause is approved and receives a donation (all via the API); the organizer signs in
// through the UI, saves MOBILE MONEY withdrawal details on /profilesettings and requests a withdrawal
// on /causes/{id}/withdrawals; the admin signs in through /organizersignuppage and approves it on
// /adminwithdrawals; the organizer sees it Paid, and the cause's public ledger shows the payout and
// the balance. axe checks the three payout screens.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { newMobilePage, screenshot, startAppOnPaintedPage } from './helpers/browser';
import { closeBrowserApp, openBrowserApp } from './helpers/app-fixture';
import type { RunningServer } from './helpers/server-process';
import { axeViolations as axe, callApi, rememberDevice, signUpAndLogIn, twoStepSignIn, type CallInit } from './helpers/api';

const ADMIN_EMAIL = 'admin@example.com';
const ADMIN_PASSWORD = 'admin-pass-123';
const stamp = Date.now();
const ORGANIZER = { email: `abena.payouts.${stamp}@example.com`, password: 'kente-loom-2026' };
const DONOR = { email: `yaw.donor.${stamp}@example.com`, password: 'adinkra-drum-88' };
const CAUSE_TITLE = `Dialysis for Auntie Esi ${stamp}`;

let server: RunningServer;
let browser: Browser;
let organizerPage: Page;
let adminPage: Page;
let causeId: string;

const call = <T>(path: string, init?: CallInit) => callApi<T>(server.url, path, init);
const signUp = (user: { email: string; password: string }, first: string, last: string) => signUpAndLogIn(server.url, user, first, last);

function claims(token: string): { user_id: string } {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'));
}

beforeAll(async () => {
  ({ server, browser } = await openBrowserApp({ ADMIN_EMAIL, ADMIN_PASSWORD }));
  organizerPage = await newMobilePage(browser);
  adminPage = await newMobilePage(browser);

  const organizerToken = await signUp(ORGANIZER, 'Abena', 'Boateng');
  const cause = await call<{ id: string }>('/api/causes/create/', {
    method: 'POST',
    token: organizerToken,
    body: {
      name: CAUSE_TITLE,
      description: 'Three months of dialysis sessions at Korle Bu.',
      organizer_id: claims(organizerToken).user_id,
      target_amount: '5000.00',
      location: 'Accra',
    },
  });
  causeId = cause.id;
  const admin = await twoStepSignIn(server.url, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
  await call(`/api/admin/causes/${causeId}/approve/`, { method: 'POST', token: admin.access });
  // Admins need two-step sign-in, and so does an organizer before withdrawing: both turn it on here and
  // their browsers are remembered devices, so they sign in below with their passwords.
  await rememberDevice(adminPage, ADMIN_EMAIL, admin.deviceToken);
  await rememberDevice(organizerPage, ORGANIZER.email, (await twoStepSignIn(server.url, ORGANIZER)).deviceToken);

  // A donor gives GH₵250.00 anonymously by mobile money (no card hold); the sandbox records it and verify settles it.
  const donorToken = await signUp(DONOR, 'Yaw', 'Asante');
  const started = await call<{ reference: string }>('/api/cart/donate/', {
    method: 'POST',
    token: donorToken,
    body: { email: DONOR.email, cause_id: causeId, donation_amount: '250.00', quantity: 1, is_anonymous: true },
  });
  await call(`/sandbox/checkout/${encodeURIComponent(started.reference)}/`, {
    method: 'POST',
    body: { outcome: 'success', method: 'mobile_money' },
  });
  await call(`/api/payments/verify/${encodeURIComponent(started.reference)}/`, { token: donorToken });
}, 120_000);

afterAll(async () => {
  await closeBrowserApp({ browser, server });
});

describe('payouts in the browser', () => {
  it('the organizer signs in and saves mobile money withdrawal details', async () => {
    const p = organizerPage;
    await p.goto(`${server.url}/sign-in`);
    await p.getByLabel('Email', { exact: true }).fill(ORGANIZER.email);
    await p.getByLabel('Password', { exact: true }).fill(ORGANIZER.password);
    await p.getByRole('button', { name: 'Sign in' }).click();
    await p.waitForURL(/\/dashboard/);

    await p.goto(`${server.url}/profilesettings`);
    const section = p.locator('section', { has: p.getByRole('heading', { name: 'Withdrawal details' }) });
    await section.getByRole('radio', { name: 'Mobile money' }).check();
    await expect.poll(() => section.getByLabel('Mobile money provider').locator('option').count()).toBeGreaterThan(1);
    await section.getByLabel('Mobile money provider').selectOption({ label: 'MTN Mobile Money' });
    await section.getByLabel('Mobile money number').fill('024 123 4567');
    await section.getByLabel('Name on the wallet').fill('Abena Boateng');
    await screenshot(p, 'payouts-details-form');
    await section.getByRole('button', { name: 'Save withdrawal details' }).click();
    await expect.poll(() => p.getByText('Withdrawal details saved').first().isVisible()).toBe(true);
    await expect.poll(() => section.getByTestId('saved-destination').innerText()).toBe('MTN Mobile Money •••• 4567');
    await screenshot(p, 'payouts-details-saved');

    // The server kept the verified shape.
    const profile = await p.evaluate(async () => {
      const response = await fetch('/api/user/profile/', { headers: { Authorization: `Bearer ${localStorage.getItem('access_token')}` } });
      return (await response.json()).withdrawal_address;
    });
    expect(profile).toMatchObject({ type: 'mobile_money', provider: 'MTN', account_name: 'Abena Boateng' });
    expect(profile.phone_number).toMatch(/241234567$/);
    expect(await axe(p)).toEqual([]);
  });

  it('requests a withdrawal: blocked above the balance on the device, then accepted', async () => {
    const p = organizerPage;
    await p.goto(`${server.url}/causes/${causeId}`);
    await p.getByRole('link', { name: 'Withdraw funds' }).click();
    await p.waitForURL(new RegExp(`/causes/${causeId}/withdrawals$`));
    await expect.poll(() => p.getByTestId('available').innerText()).toBe('GH₵250.00');
    await expect.poll(() => p.getByText(/Paid to: Mobile money · MTN Mobile Money •••• 4567/).isVisible()).toBe(true);

    const amount = p.getByLabel('Amount (GHS)');
    const requests: string[] = [];
    p.on('request', (r) => {
      if (r.url().endsWith('/api/withdrawals/') && r.method() === 'POST') requests.push(r.postData() ?? '');
    });
    await amount.fill('300');
    await p.getByRole('button', { name: 'Request withdrawal' }).click();
    await expect.poll(() => p.getByText('The most you can withdraw now is GH₵250.00.').isVisible()).toBe(true);
    expect(requests).toEqual([]);

    await amount.fill('150.50');
    await p.getByRole('button', { name: 'Request withdrawal' }).click();
    await expect.poll(() => p.getByText('Withdrawal requested').first().isVisible()).toBe(true);
    expect(JSON.parse(requests[0])).toEqual({ cause_id: causeId, amount: '150.50' });
    await expect.poll(() => p.getByTestId('available').innerText()).toBe('GH₵99.50');
    const history = p.getByRole('list', { name: 'Withdrawals' });
    await expect.poll(() => history.getByText('Waiting for review').isVisible()).toBe(true);
    await screenshot(p, 'payouts-organizer-requested');
    expect(await axe(p)).toEqual([]);
  });

  it('the admin signs in through /organizersignuppage and approves it on /adminwithdrawals', async () => {
    const p = adminPage;
    await p.goto(`${server.url}/organizersignuppage`);
    await p.getByLabel('Email', { exact: true }).fill(ADMIN_EMAIL);
    await p.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
    await p.getByRole('button', { name: 'Sign in' }).click();
    await p.waitForURL(/\/admindashboard$/);

    await p.goto(`${server.url}/adminwithdrawals`);
    const list = p.getByRole('list', { name: 'Requested withdrawals' });
    const item = list.getByRole('listitem').filter({ hasText: CAUSE_TITLE });
    await item.waitFor();
    expect(await item.innerText()).toContain('GH₵150.50');
    expect(await item.innerText()).toContain('Abena Boateng');
    expect(await item.innerText()).toContain(ORGANIZER.email);
    expect(await item.innerText()).toContain('MTN Mobile Money');
    await screenshot(p, 'payouts-admin-queue');
    expect(await axe(p)).toEqual([]);

    await item.getByRole('button', { name: `Approve GH₵150.50 for ${CAUSE_TITLE}` }).click();
    await expect.poll(() => p.getByText('Withdrawal approved').first().isVisible()).toBe(true);
    await item.waitFor({ state: 'detached' });
    await p.getByRole('tab', { name: 'Paid' }).click();
    await expect
      .poll(() => p.getByRole('list', { name: 'Paid withdrawals' }).getByText(CAUSE_TITLE).isVisible(), { timeout: 15_000 })
      .toBe(true);
    await screenshot(p, 'payouts-admin-paid');
  });

  it('the organizer sees it Paid, and the public ledger shows the payout and the balance', async () => {
    const p = organizerPage;
    await p.goto(`${server.url}/causes/${causeId}/withdrawals`);
    const history = p.getByRole('list', { name: 'Withdrawals' });
    await expect
      .poll(
        async () => {
          await p.reload();
          await history.waitFor();
          return history.getByText('Paid', { exact: true }).isVisible();
        },
        { timeout: 20_000 },
      )
      .toBe(true);
    await expect.poll(() => p.getByText('Withdrawn').locator('xpath=following-sibling::dd').innerText()).toBe('GH₵150.50');
    await screenshot(p, 'payouts-organizer-paid');

    // Anyone can read where the money went.
    const visitor = await newMobilePage(browser);
    await visitor.goto(`${server.url}/causes/${causeId}`);
    await startAppOnPaintedPage(visitor); // a guest's first touch starts the app, which draws the ledger
    const ledger = visitor.locator('section', { has: visitor.getByRole('heading', { name: 'Where the money goes' }) });
    await expect.poll(() => ledger.getByTestId('ledger-balance').innerText()).toBe('GH₵99.50');
    expect(await ledger.getByTestId('ledger-in').innerText()).toBe('GH₵250.00');
    expect(await ledger.getByTestId('ledger-out').innerText()).toBe('GH₵150.50');
    const entries = ledger.getByRole('list', { name: 'Money in and out' });
    await expect.poll(() => entries.getByText('Paid to the organizer').isVisible()).toBe(true);
    expect(await entries.getByText('Anonymous donor').isVisible()).toBe(true);
    await ledger.scrollIntoViewIfNeeded();
    await screenshot(visitor, 'payouts-ledger');
    expect(await axe(visitor)).toEqual([]);
    await visitor.context().close();
  });
});
