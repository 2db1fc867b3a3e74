// Mobile money without leaving the app (issue #30), against the built server and its sandbox
// provider, at 390 px on a throttled link: a guest gives by MoMo from a cause page, approves the
// prompt on the sandbox phone page in a second tab, and the first page turns to the thanks with no
// reload (the watch_payment socket, verify as the fallback); the same for a two-cause cart; the OTP
// path (a number ending in 0, code 123456); a decline; a timeout then a new prompt. axe on the panel.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { LAST_PAYMENT_REFERENCE_KEY } from '../../src/shared/payment-status';
import { axeViolations, callApi } from './helpers/api';
import { newMobilePage, screenshot, startAppOnPaintedPage, throttleLink } from './helpers/browser';
import { closeBrowserApp, openBrowserApp } from './helpers/app-fixture';
import type { RunningServer } from './helpers/server-process';

let server: RunningServer;
let browser: Browser;
let causes: { id: string; title: string }[] = [];

beforeAll(async () => {
  ({ server, browser } = await openBrowserApp());
  const list = await callApi<{ results: { id: string; title: string; accepts_donations: boolean }[] }>(
    server.url,
    '/api/causes/list/?ordering=popularity',
  );
  causes = list.results.filter((c) => c.accepts_donations).slice(0, 2);
  expect(causes).toHaveLength(2);
}, 120_000);

afterAll(async () => {
  await closeBrowserApp({ browser, server });
});

/** A guest's phone-sized tab on a throttled link, with a marker that a reload would lose. */
async function guestTab(): Promise<Page> {
  const page = await newMobilePage(browser);
  await throttleLink(page);
  return page;
}

async function notReloaded(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload === true);
}

/** From the cause page: Donate → the form, GH₵20 by mobile money with this number. */
async function giveFromCausePage(page: Page, phone: string): Promise<void> {
  await page.goto(`${server.url}/causes/${causes[0].id}`);
  await startAppOnPaintedPage(page);
  await page.getByRole('complementary', { name: 'Donations' }).getByRole('button', { name: 'Donate' }).click();
  await page.getByLabel('Donation amount (GHS)').waitFor();
  await page.evaluate(() => ((window as unknown as { __noReload?: boolean }).__noReload = true));
  await page.getByLabel('Email address').fill('kofi.momo@example.com');
  await page.getByLabel('Donation amount (GHS)').fill('20');
  await page.getByLabel('Payment method').selectOption('mobile_money');
  await page.getByLabel('Mobile money number').fill(phone);
  await page.getByRole('button', { name: 'Donate' }).click();
}

/** The sandbox phone in a second tab: answers the first prompt waiting for this number. */
async function onThePhone(context: BrowserContext, phone: string, answer: RegExp): Promise<void> {
  const tab = await context.newPage();
  await tab.goto(`${server.url}/sandbox/phone/${phone}`);
  await tab.getByRole('button', { name: answer }).first().click();
  await tab.waitForLoadState('load');
  await tab.close();
}

const reference = (page: Page) => page.evaluate((key) => localStorage.getItem(key), LAST_PAYMENT_REFERENCE_KEY);

describe('mobile money in place, guest, 390 px, throttled', () => {
  it('gives GH₵20 from a cause page, approves in a second tab, and the page says Thank you with no reload', async () => {
    const page = await guestTab();
    // What the socket brings: the outcome comes live, not only from the verify fallback.
    const frames: string[] = [];
    page.on('websocket', (ws) => ws.on('framereceived', (frame) => frames.push(String(frame.payload))));
    await giveFromCausePage(page, '0241234561');
    await page.getByRole('heading', { name: 'Approve GH₵20.00 on your phone' }).waitFor({ timeout: 30_000 });
    expect(await page.getByRole('timer').textContent()).toMatch(/The prompt expires in \d:\d\d/);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'mobile-money-approve');
    await onThePhone(page.context(), '0241234561', /^Approve GH₵20\.00/);
    await page.getByText('Thank you! Your donation has been received.').waitFor({ timeout: 30_000 });
    expect(await notReloaded(page)).toBe(true);
    const paid = frames
      .map((f) => JSON.parse(f) as { type: string; reference?: string; status?: string })
      .filter((m) => m.type === 'payment');
    expect(paid).toContainEqual(expect.objectContaining({ reference: await reference(page), status: 'success' }));
    expect(await page.getByRole('button', { name: 'Download receipt' }).isVisible()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await page.context().close();
  });

  it('the same for a two-cause cart', async () => {
    const page = await guestTab();
    await page.goto(`${server.url}/causelistpage`);
    await startAppOnPaintedPage(page);
    for (const cause of causes) {
      const card = page.locator('.cause-card').filter({ has: page.getByRole('link', { name: cause.title, exact: true }) });
      await card.getByRole('button', { name: 'Add to cart' }).click();
    }
    await page.goto(`${server.url}/cartpage`);
    for (const cause of causes) await page.getByRole('checkbox', { name: `Select ${cause.title}` }).check();
    await page.getByRole('button', { name: /^Checkout/ }).click();
    await page.getByLabel(`Amount for ${causes[1].title} (GHS)`).waitFor();
    await page.evaluate(() => ((window as unknown as { __noReload?: boolean }).__noReload = true));
    await page.getByLabel('Email address').fill('kofi.cart@example.com');
    await page.getByLabel('Payment method').selectOption('mobile_money');
    await page.getByLabel('Mobile money number').fill('0241234562');
    await page.getByRole('button', { name: 'Donate' }).click();
    await page.getByRole('heading', { name: /^Approve GH₵\d+\.\d\d on your phone$/ }).waitFor({ timeout: 30_000 });
    await onThePhone(page.context(), '0241234562', /^Approve /);
    await page.getByText('Thank you! Your donation has been received.').waitFor({ timeout: 30_000 });
    expect(await notReloaded(page)).toBe(true);
    for (const cause of causes)
      expect(await page.getByRole('list', { name: 'Donations paid' }).getByText(cause.title).isVisible()).toBe(true);
    await page.context().close();
  });

  it('a number ending in 0 asks for the code: 123456 pays', async () => {
    const page = await guestTab();
    await giveFromCausePage(page, '0241234560');
    const otp = page.getByLabel('Code sent to your phone');
    await otp.waitFor({ timeout: 30_000 });
    expect(await otp.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await otp.fill('123456');
    await page.getByRole('button', { name: 'Confirm code' }).click();
    await page.getByText('Thank you! Your donation has been received.').waitFor({ timeout: 30_000 });
    await page.context().close();
  });

  it('a decline on the phone says so', async () => {
    const page = await guestTab();
    await giveFromCausePage(page, '0241234563');
    await page.getByRole('heading', { name: 'Approve GH₵20.00 on your phone' }).waitFor({ timeout: 30_000 });
    await onThePhone(page.context(), '0241234563', /^Decline$/);
    await page.getByRole('heading', { name: 'Payment not completed' }).waitFor({ timeout: 30_000 });
    expect(await page.getByText('Nothing was charged.').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Send the prompt again' }).isVisible()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'mobile-money-declined');
    await page.context().close();
  });

  it('a prompt that times out offers a new one, which can be approved', async () => {
    const page = await guestTab();
    await giveFromCausePage(page, '0241234564');
    await page.getByRole('heading', { name: 'Approve GH₵20.00 on your phone' }).waitFor({ timeout: 30_000 });
    await expect.poll(() => reference(page)).toBeTruthy();
    const first = await reference(page);
    await callApi(server.url, `/sandbox/momo/${first}/`, { method: 'POST', body: { outcome: 'timeout' } });
    await page.getByRole('button', { name: 'Send the prompt again' }).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Send the prompt again' }).click();
    await page.getByRole('heading', { name: 'Approve GH₵20.00 on your phone' }).waitFor({ timeout: 30_000 });
    // The page keeps the new reference in an effect after the new prompt shows.
    await expect.poll(() => reference(page)).not.toBe(first);
    await onThePhone(page.context(), '0241234564', /^Approve GH₵20\.00/);
    await page.getByText('Thank you! Your donation has been received.').waitFor({ timeout: 30_000 });
    expect(await notReloaded(page)).toBe(true);
    await page.context().close();
  });
});
