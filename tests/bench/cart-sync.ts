// Offline cart edits, measured as a donor makes them (figures printed, never asserted):
//  - 1,000 clicks on + and − across a 5-line cart in /cartpage with the network cut (real Chromium,
//    the built app, the real server in this process): time per click until the screen shows it,
//    then, after reconnecting, how long until the server cart equals the device and how many
//    requests that took; nothing lost or doubled.
//  - Peer: the same 1,000 edits sent from Node as single PATCH /api/cart/update/ calls, one after another.
//  - A repeat visit to /causelistpage offline: time from navigation to the first cause card, beside
//    the same visit online.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import type { Page } from 'playwright-core';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { launchBrowser } from '../browser/helpers/browser';

const root = join(import.meta.dirname, '..', '..');
const EDITS = 1000;
const LINES = 5;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

const ms = (n: number) => `${n.toFixed(1)} ms`;

/** The edit plan: line i % 5; on each line, plus, plus, minus, repeated (never reaches 0). */
function plan(): { line: number; delta: 1 | -1 }[] {
  return Array.from({ length: EDITS }, (_, i) => ({ line: i % LINES, delta: Math.floor(i / LINES) % 3 === 2 ? -1 : 1 }));
}

function expectedQuantities(start: number[]): number[] {
  const q = [...start];
  for (const { line, delta } of plan()) q[line] += delta;
  return q;
}

async function json(app: FastifyInstance, url: string, token?: string) {
  const res = await app.inject({ url, headers: token ? { authorization: `Bearer ${token}` } : {} });
  return res.json();
}

async function serverQuantities(app: FastifyInstance, token: string, causeIds: string[]): Promise<number[]> {
  const cart = await json(app, '/api/cart/', token);
  const byCause = new Map<string, number>((cart.items as { cause_id: string; quantity: number }[]).map((i) => [i.cause_id, i.quantity]));
  return causeIds.map((id) => byCause.get(id) ?? 0);
}

/** In the page: each click, then wait (MutationObserver) until its row shows the new quantity. */
async function clickThrough(page: Page, titles: string[], start: number[]): Promise<number[]> {
  return page.evaluate(
    async ({ titles, start, steps }) => {
      const quantities = [...start];
      const times: number[] = [];
      const rows = titles.map((title) => {
        const group = document.querySelector(`[aria-label="Quantity of ${CSS.escape(title)}"]`)!;
        return {
          plus: group.querySelector<HTMLButtonElement>(`[aria-label="Increase quantity of ${CSS.escape(title)}"]`)!,
          minus: group.querySelector<HTMLButtonElement>(`[aria-label="Decrease quantity of ${CSS.escape(title)}"]`)!,
          output: group.querySelector('output')!,
        };
      });
      for (const { line, delta } of steps) {
        quantities[line] += delta;
        const row = rows[line];
        const want = String(quantities[line]);
        const shown = new Promise<void>((resolve) => {
          const observer = new MutationObserver(() => {
            if (row.output.textContent === want) {
              observer.disconnect();
              resolve();
            }
          });
          observer.observe(row.output, { childList: true, characterData: true, subtree: true });
        });
        const t0 = performance.now();
        (delta > 0 ? row.plus : row.minus).click();
        await shown;
        times.push(performance.now() - t0);
      }
      return times;
    },
    { titles, start, steps: plan() },
  );
}

/** The floor under any click that saves: one bare IndexedDB write transaction, in the same page. */
async function bareWrites(page: Page, n: number): Promise<number[]> {
  return page.evaluate(async (n) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('bench-floor', 1);
      open.onupgradeneeded = () => open.result.createObjectStore('rows');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const times: number[] = [];
    for (let i = 0; i < n; i += 1) {
      const t0 = performance.now();
      await new Promise<void>((resolve, reject) => {
        const tx = db.transaction('rows', 'readwrite');
        tx.objectStore('rows').put({ i, at: Date.now() }, i % 5);
        tx.oncomplete = () => resolve();
        tx.onerror = () => reject(tx.error);
      });
      times.push(performance.now() - t0);
    }
    db.close();
    return times;
  }, n);
}

async function offlineEdits(
  app: FastifyInstance,
  url: string,
  counter: { api: number; cart: number },
): Promise<{ convergeMs: number; requests: number; cartRequests: number; clicks: number[]; floor: number[]; ok: boolean }> {
  const email = `bench.cart.${Date.now()}@example.com`;
  const password = 'bench-password-1';
  await app.inject({
    method: 'POST',
    url: '/api/user/auth/signup/',
    payload: { first_name: 'Efua', last_name: 'Asante', email, password, password2: password },
  });
  const { access, refresh } = (await app.inject({ method: 'POST', url: '/api/user/auth/login/', payload: { email, password } })).json();
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    await context.addInitScript(
      ({ access, refresh }) => {
        if (!localStorage.getItem('access_token')) {
          localStorage.setItem('access_token', access);
          localStorage.setItem('refresh_token', refresh);
        }
      },
      { access, refresh },
    );
    const page = await context.newPage();
    await page.goto(`${url}/causelistpage`);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.reload();
    const cards = page.locator('.cause-card').filter({ has: page.getByRole('button', { name: 'Add to cart' }) });
    await cards.nth(LINES - 1).waitFor();
    const titles: string[] = [];
    for (let i = 0; i < LINES; i += 1) {
      titles.push((await cards.nth(i).locator('.cause-card__title').textContent())!.trim());
      await cards.nth(i).getByRole('button', { name: 'Add to cart' }).click();
    }
    // Online first: the five lines are on the server before the network goes.
    let causeIds: string[] = [];
    for (let i = 0; i < 200 && causeIds.length < LINES; i += 1) {
      const cart = await json(app, '/api/cart/', access);
      if (cart.items.length === LINES)
        causeIds = titles.map((t) => (cart.items as { cause_id: string; title: string }[]).find((item) => item.title === t)!.cause_id);
      else await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await page.goto(`${url}/cartpage`);
    await page.getByRole('button', { name: `Increase quantity of ${titles[LINES - 1]}` }).waitFor();
    await context.setOffline(true);
    const start = Array(LINES).fill(1);
    const clicks = await clickThrough(page, titles, start);
    const floor = await bareWrites(page, 300);
    const expected = expectedQuantities(start);

    counter.api = 0;
    counter.cart = 0;
    const t0 = performance.now();
    await context.setOffline(false);
    let convergeMs = Number.NaN;
    for (let i = 0; i < 3000; i += 1) {
      const now = await serverQuantities(app, access, causeIds);
      if (now.every((q, k) => q === expected[k])) {
        convergeMs = performance.now() - t0;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const requests = counter.api;
    const cartRequests = counter.cart;
    // Nothing lost or doubled: the server, the device and the plan agree, also a moment later.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const server = await serverQuantities(app, access, causeIds);
    const device = await page.evaluate(
      (titles) => titles.map((t) => Number(document.querySelector(`[aria-label="Quantity of ${CSS.escape(t)}"] output`)?.textContent ?? 0)),
      titles,
    );
    const ok = server.every((q, k) => q === expected[k]) && device.every((q, k) => q === expected[k]);
    await context.close();
    return { convergeMs, requests, cartRequests, clicks, floor, ok };
  } finally {
    await browser.close();
  }
}

async function singlePatches(app: FastifyInstance, url: string): Promise<{ ms: number; requests: number; ok: boolean }> {
  const list = await json(app, '/api/causes/list/?page_size=20');
  const causeIds = (list.results as { id: string; accepts_donations: boolean }[])
    .filter((c) => c.accepts_donations)
    .slice(0, LINES)
    .map((c) => c.id);
  const cartId = crypto.randomUUID();
  for (const causeId of causeIds) {
    await app.inject({ method: 'POST', url: '/api/cart/add/', payload: { cart_id: cartId, cause_id: causeId, donation_amount: '10.00' } });
  }
  const quantities = Array(LINES).fill(1);
  const t0 = performance.now();
  let requests = 0;
  for (const { line, delta } of plan()) {
    quantities[line] += delta;
    const response = await fetch(`${url}/api/cart/update/${causeIds[line]}/`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': crypto.randomUUID() },
      body: JSON.stringify({ cart_id: cartId, quantity: quantities[line] }),
    });
    await response.arrayBuffer();
    requests += 1;
  }
  const elapsed = performance.now() - t0;
  const cart = await json(app, `/api/cart/${cartId}/`);
  const byCause = new Map<string, number>((cart.items as { cause_id: string; quantity: number }[]).map((i) => [i.cause_id, i.quantity]));
  const expected = expectedQuantities(Array(LINES).fill(1));
  return { ms: elapsed, requests, ok: causeIds.every((id, k) => byCause.get(id) === expected[k]) };
}

/** Navigation start → first .cause-card in the DOM, for repeat visits to /causelistpage. */
async function firstCardTimes(url: string): Promise<{ online: number[]; offline: number[] }> {
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    await context.addInitScript(() => {
      const observer = new MutationObserver(() => {
        if (document.querySelector('.cause-card')) {
          (window as unknown as { firstCard: number }).firstCard = performance.now();
          observer.disconnect();
        }
      });
      observer.observe(document, { childList: true, subtree: true });
    });
    const page = await context.newPage();
    await page.goto(`${url}/causelistpage`);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.reload();
    await page.locator('.cause-card').first().waitFor();
    const visits = async (n: number) => {
      const times: number[] = [];
      for (let i = 0; i < n; i += 1) {
        await page.goto(`${url}/causelistpage`, { waitUntil: 'commit' });
        await page.waitForFunction(() => (window as unknown as { firstCard?: number }).firstCard !== undefined, undefined, {
          timeout: 20_000,
        });
        times.push(await page.evaluate(() => (window as unknown as { firstCard: number }).firstCard));
      }
      return times;
    };
    await visits(2); // warm caches
    const online = await visits(9);
    await context.setOffline(true);
    const offline = await visits(9);
    return { online, offline };
  } finally {
    await browser.close();
  }
}

export async function benchCartSync(): Promise<void> {
  if (!existsSync(join(root, 'dist', 'index.html'))) {
    console.log('Offline cart: dist/ missing, run `npm run build` first');
    return;
  }
  const config = {
    ...loadConfig({ LOG_LEVEL: 'silent', SEED_DEMO: 'true', WEB_DIST_DIR: join(root, 'dist') }),
    pgliteDir: 'memory://',
    databaseUrl: null,
  };
  const app = await buildApp(config);
  const counter = { api: 0, cart: 0 };
  app.server.on('request', (request: { url?: string }) => {
    if (!request.url?.startsWith('/api/')) return;
    counter.api += 1;
    if (request.url.startsWith('/api/cart/')) counter.cart += 1;
  });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  try {
    const ours = await offlineEdits(app, url, counter);
    const peer = await singlePatches(app, url);
    const first = ours.clicks.slice(0, 100);
    const last = ours.clicks.slice(-100);
    console.log(`Offline cart: ${EDITS} edits (+/−) on ${LINES} lines in /cartpage, then reconnect (Chromium, built app, PGlite):`);
    console.log(
      `  per click until shown      p50 ${ms(percentile(ours.clicks, 50))}  p95 ${ms(percentile(ours.clicks, 95))}  (clicks 1-100 p95 ${ms(percentile(first, 95))}, 901-1000 p95 ${ms(percentile(last, 95))})`,
    );
    console.log(
      `  peer, a bare 1-record IndexedDB write in the same page: p50 ${ms(percentile(ours.floor, 50))}  p95 ${ms(percentile(ours.floor, 95))}`,
    );
    console.log(
      `  server equals device after ${ms(ours.convergeMs)} with ${ours.requests} API requests (${ours.cartRequests} to /api/cart/)  ${ours.ok ? 'nothing lost or doubled' : 'MISMATCH: lost or doubled'}`,
    );
    console.log(
      `  peer, ${EDITS} single PATCHes from Node: ${ms(peer.ms)} with ${peer.requests} requests  ${peer.ok ? 'nothing lost or doubled' : 'MISMATCH'}`,
    );
    console.log(
      `  ratio (peer / ours): time ${(peer.ms / ours.convergeMs).toFixed(1)}×, requests ${(peer.requests / Math.max(1, ours.requests)).toFixed(0)}×`,
    );
    const visits = await firstCardTimes(url);
    console.log(
      `Repeat visit to /causelistpage, navigation → first cause card: offline p50 ${ms(percentile(visits.offline, 50))} p95 ${ms(percentile(visits.offline, 95))}; online p50 ${ms(percentile(visits.online, 50))} p95 ${ms(percentile(visits.online, 95))} (ratio offline/online p50 ${(percentile(visits.offline, 50) / percentile(visits.online, 50)).toFixed(2)})`,
    );
  } finally {
    await app.close();
  }
}
