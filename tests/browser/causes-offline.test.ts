// An organizer creates a cause with a cover image, an admin approves it (through the API: the admin
// screens are another issue's), the organizer finds it by search and opens it; then the server stops
// and the browser goes offline, and the saved causes are still searchable and open, with the notice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { screenshot } from './helpers/browser';
import { closeBrowserApp, openBrowserApp } from './helpers/app-fixture';
import type { RunningServer } from './helpers/server-process';
import { twoStepSignIn } from './helpers/api';

const ADMIN = { email: 'admin.causes@example.com', password: 'review-causes-42' };
const USER = { email: `kojo.owusu.${Date.now()}@example.com`, password: 'adinkra-stool-77' };
const CAUSE_NAME = `Solar lamps for Nkwanta ${Date.now().toString(36)}`;

let server: RunningServer;
let browser: Browser;
let page: Page;
let tmp: string;
let pngPath: string;
let causeId: string;
let otherCause: string;

async function post(path: string, body: unknown, token?: string) {
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${path} → ${response.status}: ${text}`);
  return text ? JSON.parse(text) : undefined;
}

beforeAll(async () => {
  ({ server, browser, page } = await openBrowserApp({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password }));
  tmp = mkdtempSync(join(tmpdir(), 'boafo-cause-'));
  pngPath = join(tmp, 'cover.png');
  await sharp({ create: { width: 800, height: 450, channels: 3, background: { r: 232, g: 163, b: 23 } } })
    .png()
    .toFile(pngPath);
  await post('/api/user/auth/signup/', {
    first_name: 'Kojo',
    last_name: 'Owusu',
    email: USER.email,
    password: USER.password,
    password2: USER.password,
  });
});

afterAll(async () => {
  await closeBrowserApp({ browser, server });
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

describe('causes: create, approve, find, and browse offline', () => {
  it('signs in and creates a cause with a cover image', async () => {
    await page.goto(`${server.url}/sign-in`);
    await page.getByLabel('Email', { exact: true }).fill(USER.email);
    await page.getByLabel('Password', { exact: true }).fill(USER.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/dashboard/);

    await page.goto(`${server.url}/causes/create`);
    await expect.poll(() => page.getByRole('heading', { name: 'Create a Cause' }).isVisible()).toBe(true);
    await page.getByLabel('Cause name *').fill(CAUSE_NAME);
    await page.getByLabel('Description *').fill('Solar lamps so 300 pupils can study after dark.');
    await page.getByLabel('Target amount (GHS)').fill('4500.50');
    await expect.poll(() => page.locator('#cause-category-select option').count()).toBeGreaterThan(2);
    await page.getByLabel('Category').selectOption({ label: 'Education' });
    await page.getByLabel('Location').fill('Nkwanta, Oti Region');
    expect(await page.getByLabel('Organizer ID *').inputValue()).not.toBe('');
    await page.getByLabel('Cover image').setInputFiles(pngPath);
    await expect.poll(() => page.getByAltText('Cover preview').isVisible()).toBe(true);

    const created = page.waitForResponse((r) => r.url().includes('/api/causes/create/') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Create cause' }).click();
    const response = await created;
    expect(response.status()).toBe(201);
    const cause = await response.json();
    causeId = cause.id;
    expect(cause.status).toBe('under_review');
    expect(cause.cover_image).toMatch(/\/media\//);
    await expect.poll(() => page.getByText('Cause created successfully.').first().isVisible()).toBe(true);
    await screenshot(page, 'causes-created');
    // The form goes back a moment after success; a navigation started meanwhile would be aborted by it.
    await page.waitForURL((url) => !url.pathname.startsWith('/causes/create'), { timeout: 10_000 });
  });

  it('an admin approves it through the API', async () => {
    const { access } = await twoStepSignIn(server.url, ADMIN);
    const approved = await post(`/api/admin/causes/${causeId}/approve/`, {}, access);
    expect(approved.status).toBe('active');
  });

  it('finds the cause by search on /causelistpage and opens it', async () => {
    await page.goto(`${server.url}/causelistpage`);
    // The worker must control the page for the offline reload later.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.reload();
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    await expect.poll(() => page.locator('.cause-card__title a').count()).toBeGreaterThan(1);
    const titles = await page.locator('.cause-card__title a').allTextContents();
    otherCause = titles.find((t) => t !== CAUSE_NAME)!;

    await page.getByLabel('Search causes').fill('solar lamps for nkwanta');
    // The debounced search lands in the URL, and the server's answer holds only the match.
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('solar lamps for nkwanta');
    await expect.poll(() => page.locator('.cause-card__title a').allTextContents()).toEqual([CAUSE_NAME]);
    await screenshot(page, 'causes-list-search');
    await page.getByRole('link', { name: CAUSE_NAME }).click();
    await page.waitForURL(new RegExp(`/causes/${causeId}$`));
    await expect.poll(() => page.getByRole('heading', { level: 1, name: CAUSE_NAME }).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('button', { name: 'Donate' }).isEnabled()).toBe(true);
    expect(await page.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('0');
  });

  it('offline (server stopped): still searches saved causes and opens them, with the notice', async () => {
    await server.stop();
    await page.context().setOffline(true);
    await page.reload();
    // The detail of the cause opened online, now from the device.
    await expect.poll(() => page.getByRole('heading', { level: 1, name: CAUSE_NAME }).isVisible(), { timeout: 20_000 }).toBe(true);
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'offline — showing saved causes' }).isVisible()).toBe(true);

    await page.getByRole('link', { name: '← All causes' }).click();
    await page.waitForURL(/\/causelistpage/);
    await page.getByLabel('Search causes').fill('NKWANTA');
    await expect.poll(() => page.getByRole('link', { name: CAUSE_NAME }).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'offline — showing saved causes' }).isVisible()).toBe(true);
    await screenshot(page, 'causes-offline-search');
    await page.getByRole('link', { name: CAUSE_NAME }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1, name: CAUSE_NAME }).isVisible()).toBe(true);

    // A cause never opened before: its detail comes from what the list saved.
    await page.getByRole('link', { name: '← All causes' }).click();
    await page.getByLabel('Search causes').fill(otherCause.slice(0, 12).toUpperCase());
    await page.getByRole('link', { name: otherCause }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1, name: otherCause }).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'offline — showing saved causes' }).isVisible()).toBe(true);
    await screenshot(page, 'causes-offline-detail');
  });
});
