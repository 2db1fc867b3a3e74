// Flagged payments end to end against the real server with Paystack played by a local fake: a donor
// gives GH₵50.00 to an approved cause, the "provider" reports GH₵30.00 received, so the payment is
// flagged and nothing is credited. The admin signs in, opens /adminpayments from the sidebar with
// the keyboard, credits the GH₵30.00 received, and the cause's public ledger shows the credited
// amount with the review note. axe checks the screen and the dialog.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startFakePaystack, type FakePaystack } from '../server/helpers/fake-paystack';
import { newMobilePage, screenshot, startAppOnPaintedPage } from './helpers/browser';
import { closeBrowserApp, openBrowserApp } from './helpers/app-fixture';
import type { RunningServer } from './helpers/server-process';
import { axeViolations as axe, callApi, rememberDevice, signUpAndLogIn, twoStepSignIn, type CallInit } from './helpers/api';

const ADMIN_EMAIL = 'admin@example.com';
const ADMIN_PASSWORD = 'admin-pass-123';
const stamp = Date.now();
const CAUSE_TITLE = `School fees for Kwesi ${stamp}`;

let fake: FakePaystack;
let server: RunningServer;
let browser: Browser;
let page: Page;
let causeId: string;
let reference: string;

const call = <T>(path: string, init?: CallInit) => callApi<T>(server.url, path, init);

const signUp = (email: string, first: string) => signUpAndLogIn(server.url, { email, password: 'kente-loom-2026' }, first, 'Mensah');

beforeAll(async () => {
  fake = await startFakePaystack();
  ({ server, browser, page } = await openBrowserApp({
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    PAYMENT_PROVIDER: 'paystack',
    PAYSTACK_SECRET_KEY: fake.secret,
    PAYSTACK_BASE_URL: fake.url,
  }));

  const organizer = await signUp(`efua.flag.${stamp}@example.com`, 'Efua');
  causeId = (
    await call<{ id: string }>('/api/causes/create/', {
      method: 'POST',
      token: organizer,
      body: { name: CAUSE_TITLE, description: 'Fees for the new term at Cape Coast.', target_amount: '2000.00' },
    })
  ).id;
  const admin = await twoStepSignIn(server.url, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
  await call(`/api/admin/causes/${causeId}/approve/`, { method: 'POST', token: admin.access });
  // Admins have two-step sign-in; this browser is a remembered device, so the admin signs in below with the password.
  await rememberDevice(page, ADMIN_EMAIL, admin.deviceToken);

  const donor = await signUp(`yaw.flag.${stamp}@example.com`, 'Yaw');
  reference = (
    await call<{ reference: string }>('/api/cart/donate/', {
      method: 'POST',
      token: donor,
      body: { cause_id: causeId, donation_amount: '50.00', quantity: 1 },
    })
  ).reference;
  fake.setOutcome(reference, 'success', { amount: 3_000 });
  const verified = await call<{ status: string }>(`/api/payments/verify/${reference}/`, { token: donor });
  expect(verified.status).toBe('flagged');
}, 120_000);

afterAll(async () => {
  await closeBrowserApp({ browser, server });
  await fake?.close();
});

describe('flagged payments in the browser', () => {
  it('the admin finds the flagged payment from the sidebar and credits the amount received', async () => {
    const p = page;
    await p.goto(`${server.url}/organizersignuppage`);
    await p.getByLabel('Email', { exact: true }).fill(ADMIN_EMAIL);
    await p.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
    await p.getByRole('button', { name: 'Sign in' }).click();
    await p.waitForURL(/\/admindashboard$/);

    // The sidebar sits behind Menu on a phone.
    await p.getByRole('button', { name: /menu/i }).click();
    const link = p.getByRole('link', { name: 'Flagged payments' });
    await link.focus();
    await p.keyboard.press('Enter');
    await p.waitForURL(/\/adminpayments$/);

    const list = p.getByRole('list', { name: 'Flagged payments' });
    const item = list.getByRole('listitem').filter({ hasText: reference });
    await item.first().waitFor();
    expect(await item.first().innerText()).toContain('GH₵50.00 asked · GH₵30.00 reported');
    expect(await item.first().innerText()).toContain(CAUSE_TITLE);
    await screenshot(p, 'admin-payments-flagged');
    expect(await axe(p)).toEqual([]);

    // Keyboard only: focus the button, open the dialog, type a note, confirm.
    await p.getByRole('button', { name: `Credit payment ${reference}` }).focus();
    await p.keyboard.press('Enter');
    const dialog = p.getByRole('dialog', { name: `Credit payment ${reference}` });
    await dialog.waitFor();
    expect(await dialog.getByLabel('Amount received (GH₵)').inputValue()).toBe('30.00');
    expect(await axe(p)).toEqual([]);
    await p.keyboard.press('Tab');
    await p.keyboard.type('Paystack reported GH₵30.00.');
    await screenshot(p, 'admin-payments-dialog');
    await dialog.getByRole('button', { name: 'Credit GH₵30.00' }).click();
    await expect.poll(() => p.getByText('Payment credited').first().isVisible()).toBe(true);
    await expect.poll(() => p.getByText('No payments need a decision.').isVisible()).toBe(true);

    await p.getByRole('tab', { name: 'Resolved' }).click();
    const resolved = p.getByRole('list', { name: 'Resolved payments' });
    await expect.poll(() => resolved.getByText('“Paystack reported GH₵30.00.”').isVisible()).toBe(true);
    await screenshot(p, 'admin-payments-resolved');
    expect(await axe(p)).toEqual([]);
  });

  it("the cause's public ledger shows the credited amount and the review note", async () => {
    const visitor = await newMobilePage(browser);
    await visitor.goto(`${server.url}/causes/${causeId}`);
    await startAppOnPaintedPage(visitor); // a guest's first touch starts the app, which draws the ledger
    const ledger = visitor.locator('section', { has: visitor.getByRole('heading', { name: 'Where the money goes' }) });
    await expect.poll(() => ledger.getByTestId('ledger-in').innerText()).toBe('GH₵30.00');
    await expect.poll(() => ledger.getByText('Credited after review: GH₵30.00 received of GH₵50.00 pledged.').isVisible()).toBe(true);
    await ledger.scrollIntoViewIfNeeded();
    await screenshot(visitor, 'admin-payments-ledger');
    expect(await axe(visitor)).toEqual([]);
    await visitor.context().close();
  });
});
