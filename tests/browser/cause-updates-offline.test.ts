// An organizer's update on a cause, read once online, is still there offline (server stopped,
// network off, page reloaded): the cause page shows it from the device.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { screenshot, startAppOnPaintedPage } from './helpers/browser';
import { closeBrowserApp, openBrowserApp } from './helpers/app-fixture';
import type { RunningServer } from './helpers/server-process';
import { twoStepSignIn } from './helpers/api';

const ADMIN = { email: 'admin.updates@example.com', password: 'updates-admin-42' };
const ORGANIZER = { email: `efua.${Date.now()}@example.com`, password: 'kente-updates-77' };
const UPDATE = 'The surgery went well. Thank you, everyone: Esi is home with her mother.';

let server: RunningServer;
let browser: Browser;
let page: Page;
let causeId: string;

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
  await post('/api/user/auth/signup/', { first_name: 'Efua', last_name: 'Mensah', ...ORGANIZER, password2: ORGANIZER.password });
  const organizer = (await post('/api/user/auth/login/', ORGANIZER)).access as string;
  const admin = (await twoStepSignIn(server.url, ADMIN)).access;
  causeId = (
    await post(
      '/api/causes/create/',
      { name: 'Surgery for Esi', description: 'Heart surgery in Kumasi.', target_amount: '5000.00' },
      organizer,
    )
  ).id;
  await post(`/api/admin/causes/${causeId}/approve/`, {}, admin);
  await post(`/api/causes/${causeId}/updates/`, { body: UPDATE }, organizer);
});

afterAll(async () => {
  await closeBrowserApp({ browser, server });
});

describe('cause updates offline', () => {
  it('an update read online is shown offline after a reload', async () => {
    await page.goto(`${server.url}/causes/${causeId}`);
    await startAppOnPaintedPage(page); // a guest's first touch starts the app, which draws the updates
    await expect.poll(() => page.getByText(UPDATE).isVisible(), { timeout: 15_000 }).toBe(true);
    // The worker controls the page (the app shell is cached) before the network goes away.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    await expect.poll(() => page.getByText(UPDATE).isVisible()).toBe(true);

    await server.stop();
    await page.context().setOffline(true);
    await page.reload();
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Surgery for Esi' }).isVisible(), { timeout: 20_000 }).toBe(true);
    await expect.poll(() => page.getByText(UPDATE).isVisible(), { timeout: 10_000 }).toBe(true);
    await screenshot(page, 'cause-updates-offline');
  });
});
