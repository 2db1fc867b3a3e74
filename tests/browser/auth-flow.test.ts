// A visitor signs up, signs in, reaches the dashboard and logs out, in real
// Chromium against the real server serving the built app.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { screenshot } from './helpers/browser';
import { closeBrowserApp, openBrowserApp } from './helpers/app-fixture';
import type { RunningServer } from './helpers/server-process';

let server: RunningServer;
let browser: Browser;
let page: Page;
const email = `ama.mensah.${Date.now()}@example.com`;
const password = 'kente-cloth-42';

beforeAll(async () => {
  ({ server, browser, page } = await openBrowserApp());
});

afterAll(async () => {
  await closeBrowserApp({ browser, server });
});

async function fillSignup(confirm: string) {
  await page.getByLabel('First name').fill('Ama');
  await page.getByLabel('Last name').fill('Mensah');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(confirm);
}

describe('accounts in the browser', () => {
  it('sends a signed-out visitor from /dashboard to sign-in with a return path', async () => {
    await page.goto(`${server.url}/dashboard`);
    await page.waitForURL(/\/sign-in\?redirect=/);
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/dashboard');
  });

  it('shows the server field error inline and a toast when the passwords differ', async () => {
    await page.goto(`${server.url}/signup`);
    await fillSignup('something-else-1');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect.poll(() => page.getByText('Passwords do not match.').isVisible()).toBe(true);
    await expect.poll(() => page.getByText('Sign up failed').isVisible()).toBe(true);
    // Nothing the visitor typed is lost.
    expect(await page.getByLabel('First name').inputValue()).toBe('Ama');
    expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe(email);
  });

  it('signs up and lands on sign-in with the "Account created" toast', async () => {
    await page.getByLabel('Confirm password').fill(password);
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.waitForURL(/\/sign-in$/);
    await expect.poll(() => page.getByText('Account created').isVisible()).toBe(true);
    await screenshot(page, 'sign-in-after-signup');
  });

  it('signs in and reaches the dashboard', async () => {
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/dashboard$/);
    await expect.poll(() => page.getByText('Signed in successfully').isVisible()).toBe(true);
    await screenshot(page, 'dashboard');
  });

  it('keeps the session across a reload', async () => {
    await page.reload();
    await page.waitForURL(/\/dashboard$/);
    expect(page.url()).toMatch(/\/dashboard$/);
  });

  it('logs out: toast, back home, and the dashboard is guarded again', async () => {
    // On a phone the dashboard sidebar (with Log out) is folded behind its Menu button.
    await page.getByRole('heading', { name: /^Welcome back/ }).waitFor();
    const menu = page.getByRole('button', { name: 'Menu' });
    if (await menu.isVisible()) await menu.click();
    await page.getByRole('button', { name: 'Log out' }).first().click();
    await expect.poll(() => page.getByText('Logged out').isVisible()).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/');
    const stored = await page.evaluate(() => Object.keys(localStorage).join(','));
    expect(stored).not.toMatch(/access|refresh/);
    await page.goto(`${server.url}/dashboard`);
    await page.waitForURL(/\/sign-in\?redirect=/);
  });
});
