// Two-step sign-in and step-up end to end (issue #33), against the built server (sandbox provider).
// The admin signs in at the admin door and, without two-step sign-in, lands on its setup: the test
// reads the key shown beside the QR code, as a person would type it into an app, turns it on and
// sees the recovery codes once. Signed out and in again, the password is followed by a code. With a
// short step-up window (STEP_UP_MAX_AGE_SECONDS=15) the refund of a donation asks "Confirm it is you";
// a recovery code there lets the same refund go through. axe checks each new screen.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { timeStep, totpForStep } from '../../src/server/lib/totp';
import { screenshot } from './helpers/browser';
import { closeBrowserApp, openBrowserApp } from './helpers/app-fixture';
import type { RunningServer } from './helpers/server-process';
import { axeViolations as axe, callApi, signUpAndLogIn, type CallInit } from './helpers/api';

const ADMIN = { email: 'admin.twostep@example.com', password: 'admin-pass-2fa-9' };
const STEP_UP_SECONDS = 15;
const stamp = Date.now();

let server: RunningServer;
let browser: Browser;
let page: Page;
let causeId: string;
let secret = '';
let lastStep = 0;
let recoveryCodes: string[] = [];
let signedInAt = 0;

const call = <T>(path: string, init?: CallInit) => callApi<T>(server.url, path, init);
const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 15_000 });

/** The app's code for a step not used yet (each code works once). */
function nextCode(): string {
  lastStep = Math.max(timeStep(Date.now()), lastStep + 1);
  return totpForStep(secret, lastStep);
}

beforeAll(async () => {
  ({ server, browser, page } = await openBrowserApp({
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    STEP_UP_MAX_AGE_SECONDS: String(STEP_UP_SECONDS),
  }));
  const organizer = await signUpAndLogIn(server.url, { email: `esi.${stamp}@example.com`, password: 'kente-loom-2026' }, 'Esi', 'Owusu');
  causeId = (
    await call<{ id: string }>('/api/causes/create/', {
      method: 'POST',
      token: organizer,
      body: { name: `Clinic roof ${stamp}`, description: 'A roof for the clinic in Ho.', target_amount: '3000.00' },
    })
  ).id;
}, 120_000);

afterAll(async () => {
  await closeBrowserApp({ browser, server });
});

describe('two-step sign-in in the browser', () => {
  it('an admin without it lands on the setup, turns it on from the key beside the QR code, and sees the recovery codes once', async () => {
    await page.goto(`${server.url}/organizersignuppage`);
    await page.getByLabel('Email', { exact: true }).fill(ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/two-step\?redirect=/);

    const qr = page.getByRole('img', { name: 'QR code to add Boafo to your authenticator app' });
    await qr.waitFor();
    expect(await qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    secret = (await page.getByTestId('two-step-secret').innerText()).trim();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await screenshot(page, 'two-step-setup');
    expect(await axe(page)).toEqual([]);

    await page.getByLabel('Code from the app').fill(nextCode());
    await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
    const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await poll(() => codes.count()).toBe(10);
    recoveryCodes = await codes.allInnerTexts();
    await screenshot(page, 'two-step-recovery-codes');
    expect(await axe(page)).toEqual([]);
    await page.getByRole('button', { name: 'I have saved my recovery codes' }).click();
    await page.waitForURL(/\/admindashboard$/);
  });

  it('signs out, then signs in with the password and a code from the app', async () => {
    // Meanwhile, through the API: the admin (a recovery code as the second step) approves the cause and a donor gives.
    const { challenge } = await call<{ challenge: string }>('/api/user/auth/login/', { method: 'POST', body: ADMIN });
    const api = await call<{ access: string }>('/api/user/auth/login/second-step/', {
      method: 'POST',
      body: { challenge, recovery_code: recoveryCodes[0] },
    });
    await call(`/api/admin/causes/${causeId}/approve/`, { method: 'POST', token: api.access });
    const started = await call<{ reference: string }>('/api/cart/donate/', {
      method: 'POST',
      body: {
        email: `kojo.${stamp}@example.com`,
        first_name: 'Kojo',
        last_name: 'Asante',
        cause_id: causeId,
        donation_amount: '40.00',
        quantity: 1,
      },
    });
    await call(`/sandbox/checkout/${encodeURIComponent(started.reference)}/`, {
      method: 'POST',
      body: { outcome: 'success', method: 'mobile_money' },
    });
    await call(`/api/payments/verify/${encodeURIComponent(started.reference)}/`);

    await page.getByRole('button', { name: /menu/i }).click();
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.goto(`${server.url}/organizersignuppage`);
    await page.getByLabel('Email', { exact: true }).fill(ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    const code = page.getByLabel('Code from the app');
    await code.waitFor();
    await screenshot(page, 'two-step-second-step');
    expect(await axe(page)).toEqual([]);
    await code.fill(nextCode());
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(/\/admindashboard$/);
    signedInAt = Date.now();
  });

  it('refunds a donation after confirming it is them, once the sign-in is no longer recent', async () => {
    await page.goto(`${server.url}/admindonations?cause_id=${causeId}`);
    const open = page.getByRole('button', { name: /^Refund donation from Kojo Asante/ });
    await open.waitFor();
    // Past the step-up window since signing in: the refund must ask again.
    await page.waitForTimeout(Math.max(0, signedInAt + (STEP_UP_SECONDS + 1) * 1000 - Date.now()));
    await open.click();
    await page.getByRole('button', { name: 'Confirm refund' }).click();

    const dialog = page.getByRole('dialog', { name: 'Confirm it is you' });
    await dialog.waitFor();
    await dialog.getByLabel('Code from your authenticator app').waitFor();
    await screenshot(page, 'two-step-step-up');
    expect(await axe(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await dialog.getByLabel('Recovery code').fill(recoveryCodes[1]);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await poll(() => page.getByText('Refunded GH₵40.00').first().isVisible()).toBe(true);
    await dialog.waitFor({ state: 'detached' });

    const { challenge } = await call<{ challenge: string }>('/api/user/auth/login/', { method: 'POST', body: ADMIN });
    const api = await call<{ access: string }>('/api/user/auth/login/second-step/', {
      method: 'POST',
      body: { challenge, recovery_code: recoveryCodes[2] },
    });
    const audit = await call<{ results: { action: string; cause_id: string }[] }>(
      `/api/admin/audit/?cause=${causeId}&action=donation.refund`,
      {
        token: api.access,
      },
    );
    expect(audit.results).toHaveLength(1);
  });

  it('shows the audit trail and the signed-in devices without axe violations', async () => {
    await page.goto(`${server.url}/adminaudit`);
    await page.getByRole('list', { name: 'All entries' }).getByText('donation.refund').waitFor();
    expect(await axe(page)).toEqual([]);
    await page.goto(`${server.url}/profilesettings`);
    await page.getByRole('list', { name: 'Devices signed in to your account' }).getByText('This device', { exact: false }).waitFor();
    await screenshot(page, 'two-step-devices');
    expect(await axe(page)).toEqual([]);
  });
});
