// Monthly giving end to end against the real server (sandbox provider): a signed-in donor ticks
// "Give monthly" on the donation form, pays the first month on the sandbox checkout page, the
// sandbox clock charges a second month, and the donor cancels the gift from /donationhistory (a
// confirm step, then a toast). A charge after that is refused and credits nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { screenshot } from './helpers/browser';
import { closeBrowserApp, openBrowserApp } from './helpers/app-fixture';
import type { RunningServer } from './helpers/server-process';

const USER = { email: `kojo.monthly.${Date.now()}@example.com`, password: 'kente-weave-2025' };

let server: RunningServer;
let browser: Browser;
let page: Page;
let token: string;
let cause: { id: string; title: string; before: number };
let code: string;

async function call(path: string, init: { method?: string; body?: unknown; token?: string } = {}) {
  const response = await fetch(`${server.url}${path}`, {
    method: init.method ?? 'GET',
    headers: { 'Content-Type': 'application/json', ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  return { status: response.status, json: text ? JSON.parse(text) : undefined };
}

async function api(path: string, init: { method?: string; body?: unknown; token?: string } = {}) {
  const answer = await call(path, init);
  if (answer.status >= 300) throw new Error(`${path} → ${answer.status}: ${JSON.stringify(answer.json)}`);
  return answer.json;
}

const pesewas = (text: string) => Math.round(Number(text) * 100);

beforeAll(async () => {
  ({ server, browser, page } = await openBrowserApp());
  await api('/api/user/auth/signup/', {
    method: 'POST',
    body: { first_name: 'Kojo', last_name: 'Asante', email: USER.email, password: USER.password, password2: USER.password },
  });
  token = (await api('/api/user/auth/login/', { method: 'POST', body: USER })).access;
  const list = await api('/api/causes/list/?page_size=20');
  const open = (list.results as { id: string; title: string; accepts_donations: boolean; current_amount: string }[]).find(
    (c) => c.accepts_donations,
  )!;
  cause = { id: open.id, title: open.title, before: pesewas(open.current_amount) };
}, 120_000);

afterAll(async () => {
  await closeBrowserApp({ browser, server });
});

describe('monthly giving: set up, charged by the sandbox clock, cancelled from the history', () => {
  it('signs in and gives monthly through the donation form and the sandbox checkout', async () => {
    await page.goto(`${server.url}/sign-in`);
    await page.getByLabel('Email', { exact: true }).fill(USER.email);
    await page.getByLabel('Password', { exact: true }).fill(USER.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/dashboard/);

    await page.goto(`${server.url}/donation?causeId=${cause.id}&amount=15`);
    await expect.poll(() => page.getByLabel('Email address').inputValue(), { timeout: 15_000 }).toBe(USER.email);
    await page.getByRole('checkbox', { name: 'Give monthly' }).check();
    await screenshot(page, 'monthly-giving-form');
    const started = page.waitForResponse((r) => r.url().includes('/api/cart/donate/') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Donate monthly' }).click();
    const response = await started;
    expect(response.status()).toBe(200);
    expect(response.request().postDataJSON()).toMatchObject({ interval: 'monthly', donation_amount: '15.00' });

    await page.waitForURL(/\/sandbox\/checkout\//, { timeout: 20_000 });
    await page.getByRole('button', { name: /^Pay / }).click();
    await page.waitForURL(/\/payment-status\?reference=/, { timeout: 20_000 });
    await expect
      .poll(() => page.getByRole('heading', { name: 'Payment verified successfully' }).isVisible(), { timeout: 20_000 })
      .toBe(true);
    // The browser left for the checkout before its answer could be read: the donor's list has the code.
    const [gift] = await api('/api/subscriptions/', { token });
    expect(gift).toMatchObject({ status: 'active', charges: 1, total_amount: '15.00', causes: [{ cause_id: cause.id }] });
    code = gift.code;
  });

  it('the sandbox clock charges the next month, credited once', async () => {
    const charged = await api(`/sandbox/subscriptions/${code}/charge/`, { method: 'POST', body: {} });
    expect(charged).toMatchObject({ period: 2, status: 'success', charges: 2 });
    const now = await api(`/api/causes/details/${cause.id}/`);
    expect(pesewas(now.current_amount) - cause.before).toBe(3_000);
  });

  it('shows the gift on /donationhistory and cancels it after a confirm, with a toast', async () => {
    await page.goto(`${server.url}/donationhistory`);
    const card = page.getByRole('listitem', { name: `Monthly gift to ${cause.title}` });
    await expect.poll(() => card.isVisible(), { timeout: 20_000 }).toBe(true);
    await expect.poll(() => card.textContent()).toContain('2 months given');
    expect(await card.textContent()).toContain('GH₵15.00 / month');
    await card.getByRole('button', { name: 'Cancel monthly gift' }).click();
    await expect.poll(() => card.getByText('Stop this monthly gift?').isVisible()).toBe(true);
    await screenshot(page, 'monthly-giving-confirm');
    await card.getByRole('button', { name: 'Yes, cancel it' }).click();
    await expect.poll(() => page.getByText('Monthly gift cancelled').isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => card.textContent()).toContain('Cancelled');
    expect(await card.getByRole('button', { name: 'Cancel monthly gift' }).count()).toBe(0);
    await screenshot(page, 'monthly-giving-cancelled');

    const [gift] = await api('/api/subscriptions/', { token });
    expect(gift).toMatchObject({ code, status: 'cancelled', charges: 2 });
  });

  it('a charge after cancelling is refused and credits nothing', async () => {
    const refused = await call(`/sandbox/subscriptions/${code}/charge/`, { method: 'POST', body: {} });
    expect(refused.status).toBe(409);
    const now = await api(`/api/causes/details/${cause.id}/`);
    expect(pesewas(now.current_amount) - cause.before).toBe(3_000);
  });
});
