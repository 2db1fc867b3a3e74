// Treasurers end to end against the real server (sandbox provider): a funded, approved cause and the
// organizer's payout details are set up through the API; in the browser the organizer invites a
// treasurer by email on /causes/{id}/withdrawals, the treasurer accepts on /notificationspage,
// the organizer requests a withdrawal (it waits for the treasurers), and the treasurer approves it
// from the withdrawals page, after which it is in the admins' queue.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { newMobilePage, screenshot } from './helpers/browser';
import { closeBrowserApp, openBrowserApp } from './helpers/app-fixture';
import type { RunningServer } from './helpers/server-process';
import { axeViolations as axe, callApi, rememberDevice, signUpAndLogIn, twoStepSignIn, type CallInit } from './helpers/api';

const ADMIN_EMAIL = 'admin@example.com';
const ADMIN_PASSWORD = 'admin-pass-123';
const stamp = Date.now();
const ORGANIZER = { email: `abena.treasurers.${stamp}@example.com`, password: 'kente-loom-2026' };
const TREASURER = { email: `kwame.treasurer.${stamp}@example.com`, password: 'adinkra-drum-88' };
const CAUSE_TITLE = `School roof for Bolga ${stamp}`;

let server: RunningServer;
let browser: Browser;
let organizerPage: Page;
let treasurerPage: Page;
let causeId: string;

const call = <T>(path: string, init?: CallInit) => callApi<T>(server.url, path, init);
const signUp = (user: { email: string; password: string }, first: string, last: string) => signUpAndLogIn(server.url, user, first, last);

async function signIn(p: Page, user: { email: string; password: string }) {
  await p.goto(`${server.url}/sign-in`);
  await p.getByLabel('Email', { exact: true }).fill(user.email);
  await p.getByLabel('Password', { exact: true }).fill(user.password);
  await p.getByRole('button', { name: 'Sign in' }).click();
  await p.waitForURL(/\/dashboard/);
}

/** Pages load over a slow shared machine: wait up to 15 s for what a person would wait for. */
const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 15_000 });

beforeAll(async () => {
  ({ server, browser } = await openBrowserApp({ ADMIN_EMAIL, ADMIN_PASSWORD }));
  organizerPage = await newMobilePage(browser);
  treasurerPage = await newMobilePage(browser);

  const organizerToken = await signUp(ORGANIZER, 'Abena', 'Boateng');
  await signUp(TREASURER, 'Kwame', 'Mensah');
  const cause = await call<{ id: string }>('/api/causes/create/', {
    method: 'POST',
    token: organizerToken,
    body: { name: CAUSE_TITLE, description: 'A new roof before the rains.', target_amount: '5000.00', location: 'Bolgatanga' },
  });
  causeId = cause.id;
  const admin = await twoStepSignIn(server.url, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
  await call(`/api/admin/causes/${causeId}/approve/`, { method: 'POST', token: admin.access });
  // Withdrawing and approving need two-step sign-in: on for both, their browsers remembered devices.
  await rememberDevice(organizerPage, ORGANIZER.email, (await twoStepSignIn(server.url, ORGANIZER)).deviceToken);
  await rememberDevice(treasurerPage, TREASURER.email, (await twoStepSignIn(server.url, TREASURER)).deviceToken);
  await call('/api/user/profile/', {
    method: 'PUT',
    token: organizerToken,
    body: { withdrawal_address: { type: 'mobile_money', provider: 'MTN', phone_number: '024 123 4567', account_name: 'Abena Boateng' } },
  });

  const started = await call<{ reference: string }>('/api/cart/donate/', {
    method: 'POST',
    body: { email: `guest.${stamp}@example.com`, cause_id: causeId, donation_amount: '200.00', quantity: 1, is_anonymous: true },
  });
  await call(`/sandbox/checkout/${encodeURIComponent(started.reference)}/`, {
    method: 'POST',
    body: { outcome: 'success', method: 'mobile_money' },
  });
  await call(`/api/payments/verify/${encodeURIComponent(started.reference)}/`);
}, 120_000);

afterAll(async () => {
  await closeBrowserApp({ browser, server });
});

describe('treasurers in the browser', () => {
  it('the organizer invites a treasurer by email on the withdrawals page', async () => {
    const p = organizerPage;
    await signIn(p, ORGANIZER);
    await p.goto(`${server.url}/causes/${causeId}/withdrawals`);
    const section = p.getByRole('region', { name: 'Treasurers', exact: true });
    await poll(() => section.getByText('No treasurers yet.').isVisible()).toBe(true);
    await section.getByLabel("Treasurer's email").fill(TREASURER.email);
    // What the server answered, so a failure says whether the invitation left the page at all.
    const invited = p.waitForResponse((r) => r.url().endsWith(`/api/causes/${causeId}/treasurers/`) && r.request().method() === 'POST');
    await section.getByRole('button', { name: 'Invite treasurer' }).click();
    expect((await invited).status()).toBe(201);
    await poll(() => p.getByText('Invitation sent').first().isVisible()).toBe(true);
    const item = section.getByRole('listitem').filter({ hasText: TREASURER.email });
    await poll(() => item.innerText()).toMatch(/Kwame Mensah[\s\S]*Invited/);
    await screenshot(p, 'treasurers-invited');
    expect(await axe(p)).toEqual([]);
  });

  it('the treasurer accepts the invitation on the notifications page', async () => {
    const p = treasurerPage;
    await signIn(p, TREASURER);
    await p.goto(`${server.url}/notificationspage`);
    const invitations = p.getByRole('region', { name: 'Treasurer invitations', exact: true });
    await poll(() => invitations.getByText(CAUSE_TITLE).isVisible()).toBe(true);
    await invitations.getByRole('button', { name: 'Accept' }).click();
    await poll(() => p.getByText('You are now a treasurer').first().isVisible()).toBe(true);
    await invitations.getByRole('link', { name: 'See its withdrawals' }).click();
    await p.waitForURL(new RegExp(`/causes/${causeId}/withdrawals$`));
    await poll(() => p.getByText('No withdrawals are waiting for the treasurers.').isVisible()).toBe(true);
    expect(await p.getByRole('button', { name: 'Request withdrawal' }).count()).toBe(0);
  });

  it('the organizer requests a withdrawal: it waits for the treasurers and the money is held', async () => {
    const p = organizerPage;
    await p.reload();
    const section = p.getByRole('region', { name: 'Treasurers', exact: true });
    await poll(() => section.getByRole('listitem').filter({ hasText: TREASURER.email }).innerText()).toMatch(/Accepted/);
    await poll(() => p.getByTestId('available').innerText()).toBe('GH₵200.00');
    await p.getByLabel('Amount (GHS)').fill('80');
    await p.getByRole('button', { name: 'Request withdrawal' }).click();
    await poll(() => p.getByText('Withdrawal requested').first().isVisible()).toBe(true);
    await poll(() => p.getByTestId('available').innerText()).toBe('GH₵120.00');
    const history = p.getByRole('list', { name: 'Withdrawals' });
    await poll(() => history.getByText('Waiting for treasurers').isVisible()).toBe(true);
  });

  it('the treasurer approves it, and it reaches the admins’ queue', async () => {
    const p = treasurerPage;
    await p.reload();
    const pending = p.getByRole('list', { name: 'Pending approvals' });
    const item = pending.getByRole('listitem').filter({ hasText: 'GH₵80.00' });
    await item.waitFor();
    expect(await item.innerText()).toMatch(/0 of 1 approvals/);
    await screenshot(p, 'treasurers-pending');
    expect(await axe(p)).toEqual([]);
    await item.getByRole('button', { name: 'Approve' }).click();
    await poll(() => p.getByText('Withdrawal approved').first().isVisible()).toBe(true);
    await poll(() => p.getByText('No withdrawals are waiting for the treasurers.').isVisible()).toBe(true);
    const history = p.getByRole('list', { name: 'Withdrawals' });
    await poll(() => history.getByText('Waiting for review').isVisible()).toBe(true);
    expect(await history.getByText('Approved by Kwame Mensah').isVisible()).toBe(true);

    const admin = await twoStepSignIn(server.url, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    const queue = await call<{ results: { cause_id: string; amount: string }[] }>('/api/admin/withdrawals/', { token: admin.access });
    expect(queue.results.filter((w) => w.cause_id === causeId).map((w) => w.amount)).toEqual(['80.00']);
  });
});
