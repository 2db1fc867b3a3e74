// Forgot password end to end with a real SMTP server on a local port (the outside world), and the
// Share button on a cause page, in Chromium at phone size against the real server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { useLocalSmtp } from '../server/helpers/smtp';
import { newMobilePage, screenshot } from './helpers/browser';
import { closeBrowserApp, openBrowserApp } from './helpers/app-fixture';
import type { RunningServer } from './helpers/server-process';

const smtp = useLocalSmtp();
let server: RunningServer;
let browser: Browser;
let page: Page;
const email = `forgetful.${Date.now()}@example.com`;

beforeAll(async () => {
  ({ server, browser, page } = await openBrowserApp({ SMTP_URL: smtp.settings.smtpUrl!, MAIL_FROM: 'Boafo <no-reply@boafo.test>' }));
  const signup = await fetch(`${server.url}/api/user/auth/signup/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ first_name: 'Esi', last_name: 'Ankrah', email, password: 'old-kente-2025', password2: 'old-kente-2025' }),
  });
  expect(signup.status).toBe(201);
});

afterAll(async () => {
  await closeBrowserApp({ browser, server });
});

describe('forgot password, by email', () => {
  it('sign-in → Forgot password? → the mail → a new password → signed in with it', async () => {
    await page.goto(`${server.url}/sign-in`);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL(/\/forgot-password$/);
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    // What the form says once the server answered: the sent notice, or the refusal (shown in the failure).
    await expect
      .poll(async () => (await page.locator('.auth-form .form-success, .auth-form [role="alert"]').allTextContents()).join(' ').trim(), {
        timeout: 30_000,
      })
      .toMatch(/we have sent it a link/);
    await screenshot(page, 'forgot-password-sent');

    const [mail] = (await smtp.waitFor(1, 20_000)).filter((m) => m.to[0] === email);
    expect(mail.header('subject')).toBe('Reset your Boafo password');
    const link = /(http:\/\/[^\s"<>]+\/reset-password\?token=[\w%-]+)/.exec(mail.decoded)![1];
    expect(new URL(link).origin).toBe(server.url);

    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill('new-kente-2026');
    await page.getByLabel('Confirm new password', { exact: true }).fill('new-kente-2026');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.waitForURL(/\/sign-in$/);
    await expect.poll(() => page.getByText('Password changed. Sign in with your new password.').isVisible()).toBe(true);
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill('new-kente-2026');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/dashboard$/);
  });
});

describe('sharing a cause', () => {
  it('without the Web Share API: a menu with copy link, WhatsApp, Facebook and X, closed by Escape', async () => {
    const list = (await (await fetch(`${server.url}/api/causes/list/?page_size=1`)).json()) as { results: { id: string; title: string }[] };
    const cause = list.results[0];
    const sharer = await newMobilePage(browser);
    await sharer.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    // Headless Chromium on Linux has no share sheet; make sure, so the fallback is what is tested.
    await sharer.addInitScript(() => Object.defineProperty(navigator, 'share', { value: undefined }));
    await sharer.goto(`${server.url}/causes/${cause.id}`);
    const share = sharer.getByRole('button', { name: `Share ${cause.title}` }).first();
    // Pressed on the painted page, before the app has started: the app presses it again once it has.
    await share.click();
    await expect.poll(() => share.getAttribute('aria-expanded')).toBe('true');
    const url = `${server.url}/causes/${cause.id}`;
    const menu = sharer.locator(`[id="${await share.getAttribute('aria-controls')}"]`);
    const whatsapp = await menu.getByRole('link', { name: /WhatsApp/ }).getAttribute('href');
    expect(decodeURIComponent(whatsapp!)).toContain(url);
    expect(await menu.getByRole('link', { name: /Facebook/ }).getAttribute('href')).toContain(encodeURIComponent(url));
    expect(await menu.getByRole('link', { name: /^X/ }).getAttribute('href')).toContain(encodeURIComponent(url));
    await screenshot(sharer, 'share-menu');
    await menu.getByRole('button', { name: 'Copy link' }).click();
    await expect.poll(() => sharer.getByText('Link copied').isVisible()).toBe(true);
    expect(await sharer.evaluate(() => navigator.clipboard.readText())).toBe(url);
    await share.click();
    await sharer.keyboard.press('Escape');
    expect(await share.getAttribute('aria-expanded')).toBe('false');
    await sharer.context().close();
  });
});
