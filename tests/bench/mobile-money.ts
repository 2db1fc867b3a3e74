// `npm run bench -- momo`: from pressing Donate to "Thank you" for one GH₵20 gift, on the same slow
// link (tests/browser/helpers/browser.ts SLOW_LINK) in Chromium against the built server with the
// sandbox provider: the mobile money prompt in place (approved at once by the test's "phone") beside
// the hosted checkout (the sandbox's page, paid at once). Bytes are what the tab moved over the
// network after the press (HTTP bodies and headers as Chromium counts them, plus socket frames);
// the service worker is blocked so neither path is served from its cache.
import { performance } from 'node:perf_hooks';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { LAST_PAYMENT_REFERENCE_KEY } from '../../src/shared/payment-status';
import { SLOW_LINK, launchBrowser } from '../browser/helpers/browser';
import { startServer, type RunningServer } from '../browser/helpers/server-process';

const THANKS = 'Thank you! Your donation has been received.';

/** The donor approves the sandbox's mobile money prompt of the tab's last payment, as on the phone (not the tab's bytes). */
export async function approveOnPhone(baseUrl: string, page: Page): Promise<void> {
  const reference = await page.evaluate((key) => localStorage.getItem(key), LAST_PAYMENT_REFERENCE_KEY);
  const answer = await fetch(`${baseUrl}/sandbox/momo/${reference}/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ outcome: 'approve' }),
  });
  if (answer.status >= 400) throw new Error(`sandbox approve answered ${answer.status}`);
}

async function countedPage(browser: Browser): Promise<{ page: Page; bytes: () => number; reset: () => void }> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, serviceWorkers: 'block' });
  const page = await context.newPage();
  const cdp: CDPSession = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW_LINK);
  let total = 0;
  cdp.on('Network.loadingFinished', (e: { encodedDataLength: number }) => (total += e.encodedDataLength));
  cdp.on('Network.webSocketFrameReceived', (e: { response: { payloadData: string } }) => (total += e.response.payloadData.length));
  cdp.on('Network.webSocketFrameSent', (e: { response: { payloadData: string } }) => (total += e.response.payloadData.length));
  return { page, bytes: () => total, reset: () => (total = 0) };
}

async function openForm(server: RunningServer, page: Page, causeId: string, method: 'card' | 'mobile_money', phone: string) {
  await page.goto(`${server.url}/donation?causeId=${causeId}&amount=20`);
  await page.getByLabel('Email address').fill('bench.momo@example.com');
  await page.getByLabel('Payment method').selectOption(method);
  if (method === 'mobile_money') await page.getByLabel('Mobile money number').fill(phone);
  await page.waitForLoadState('networkidle');
}

async function runPath(browser: Browser, server: RunningServer, causeId: string, path: 'prompt' | 'hosted', phone: string) {
  const { page, bytes, reset } = await countedPage(browser);
  await openForm(server, page, causeId, path === 'prompt' ? 'mobile_money' : 'card', phone);
  reset();
  const start = performance.now();
  await page.getByRole('button', { name: 'Donate' }).click();
  if (path === 'prompt') {
    await page.getByRole('heading', { name: /^Approve GH₵20\.00 on your phone$/ }).waitFor({ timeout: 60_000 });
    // The donor approves on the phone as soon as the prompt shows (the network's side, not the tab's bytes).
    await approveOnPhone(server.url, page);
  } else {
    await page.waitForURL(/\/sandbox\/checkout\//, { timeout: 60_000 });
    await page.getByRole('button', { name: /^Pay / }).click();
  }
  await page.getByText(THANKS).waitFor({ timeout: 60_000 });
  const ms = performance.now() - start;
  const moved = bytes();
  await page.context().close();
  return { ms, bytes: moved };
}

export async function benchMobileMoney(rounds = 3): Promise<void> {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const list = (await (await fetch(`${server.url}/api/causes/list/?ordering=popularity`)).json()) as {
      results: { id: string; accepts_donations: boolean }[];
    };
    const cause = list.results.find((c) => c.accepts_donations);
    if (!cause) throw new Error('no cause takes donations');
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const results: Record<'prompt' | 'hosted', { ms: number[]; bytes: number[] }> = {
      prompt: { ms: [], bytes: [] },
      hosted: { ms: [], bytes: [] },
    };
    for (let i = 0; i < rounds; i += 1) {
      for (const path of ['prompt', 'hosted'] as const) {
        const r = await runPath(browser, server, cause.id, path, `0241234${String(571 + i)}`);
        results[path].ms.push(r.ms);
        results[path].bytes.push(r.bytes);
      }
    }
    console.log(`Give → Thank you, GH₵20, slow link (${SLOW_LINK.latency} ms RTT, 750/250 kbit/s), median of ${rounds}:`);
    const line = (label: string, ms: number, bytes: number) =>
      console.log(`  ${label.padEnd(34)} ${(ms / 1000).toFixed(2).padStart(6)} s  ${(bytes / 1024).toFixed(1).padStart(7)} KB`);
    const p = { ms: median(results.prompt.ms), bytes: median(results.prompt.bytes) };
    const h = { ms: median(results.hosted.ms), bytes: median(results.hosted.bytes) };
    line('mobile money prompt (in place)', p.ms, p.bytes);
    line('hosted checkout (sandbox page)', h.ms, h.bytes);
    console.log(`  prompt / hosted: time ${(p.ms / h.ms).toFixed(2)}×, bytes ${(p.bytes / h.bytes).toFixed(2)}×`);
  } finally {
    await browser.close();
    await server.stop();
  }
}
