// `npm run bench -- data`: what a guest's first gift costs in data on a Slow 4G phone (Chromium, throttled through the
// DevTools protocol), page and service worker together: landing on a shared cause page (/causes/:id), Donate, mobile
// money (the sandbox's prompt, approved at once by the test's "phone"), until "Thank you" and the worker's install
// (precache) has finished. Bytes are Chromium's encodedDataLength (bodies as sent, compressed, plus response headers)
// for every target: the page and the service worker, whose fetches (its script, the precache, KEEP_ASSETS) a page's
// own DevTools session does not see. Then a repeat visit (a new tab in the same browser, online, then offline).
// Peers in the same run: Save-Data off beside on, and (from dist/) the full precache the worker used to install beside
// the donor's precache it installs now (sw/precache-plan.ts); each step's time with Donate tapped the moment it shows
// beside a guest who reads the painted cause for 5 s first (their scroll starts the app and the worker's install).
// Budgets (issue 31): first gift ≤ 250 KB, install ≤ 120 KB, repeat visit 0 KB of code.
import { spawn } from 'node:child_process';
import { connect, createServer, type Server } from 'node:net';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { chromium, type Browser, type Page } from 'playwright-core';
import WebSocket from 'ws';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../browser/helpers/browser';
import { freePort, startServer, type RunningServer } from '../browser/helpers/server-process';
import { approveOnPhone } from './mobile-money';

const root = join(import.meta.dirname, '..', '..');
const THANKS = 'Thank you! Your donation has been received.';
/** DevTools' "Slow 4G" preset (Chromium 13x): 562.5 ms round trip, 1.44 Mbit/s down, 675 kbit/s up. */
const SLOW_4G = {
  offline: false,
  latency: 150 * 3.75,
  downloadThroughput: ((1.6 * 1000 * 1000) / 8) * 0.9,
  uploadThroughput: ((750 * 1000) / 8) * 0.9,
};

type Kind = 'page' | 'worker';
interface Row {
  kind: Kind;
  url: string;
  type: string;
  bytes: number;
  headers: number;
}

/**
 * A raw DevTools connection to the whole browser that attaches itself to every page and service worker (flat
 * sessions), throttles each to Slow 4G and records what each request moved. Playwright drives the pages beside it.
 */
class Meter {
  private id = 0;
  private rows: Row[] = [];
  private requests = new Map<string, { kind: Kind; url: string; type: string; headers: number; received: number }>();
  private kinds = new Map<string, Kind>();
  /** Targets already measured: the worker is reached both from the browser and through the page's session. */
  private targets = new Set<string>();
  offline = false;

  private constructor(private socket: WebSocket) {
    socket.on('message', (data) => this.onMessage(JSON.parse(String(data)) as CdpMessage));
  }

  static async open(endpoint: string): Promise<Meter> {
    const socket = new WebSocket(endpoint, { perMessageDeflate: false });
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    const meter = new Meter(socket);
    await meter.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: true, flatten: true });
    await meter.send('Target.setDiscoverTargets', { discover: true });
    return meter;
  }

  send(method: string, params: object = {}, sessionId?: string): Promise<unknown> {
    const id = ++this.id;
    this.socket.send(JSON.stringify({ id, method, params, sessionId }));
    return Promise.resolve(id);
  }

  private onMessage(message: CdpMessage): void {
    if (!message.method) return; // an answer to one of our commands
    const p = (message.params ?? {}) as Record<string, never>;
    if (message.method === 'Target.attachedToTarget') {
      const info = p.targetInfo as { type: string; targetId: string };
      const session = p.sessionId as string;
      const kind: Kind | null = info.type === 'page' ? 'page' : info.type === 'service_worker' ? 'worker' : null;
      if (kind && !this.targets.has(info.targetId)) {
        this.targets.add(info.targetId);
        this.kinds.set(session, kind);
        void this.send('Network.enable', {}, session);
        void this.send('Network.emulateNetworkConditions', { ...SLOW_4G, offline: this.offline }, session);
      }
      void this.send('Runtime.runIfWaitingForDebugger', {}, session);
      // Workers a page starts (none here) are attached through the page's own session.
      void this.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: true, flatten: true }, session);
      return;
    }
    const kind = message.sessionId ? this.kinds.get(message.sessionId) : undefined;
    if (!kind) return;
    const key = `${message.sessionId} ${p.requestId}`;
    if (message.method === 'Network.requestWillBeSent') {
      const request = p.request as { url: string };
      this.requests.set(key, { kind, url: request.url, type: (p.type as string) ?? '', headers: 0, received: 0 });
    } else if (message.method === 'Network.responseReceivedExtraInfo') {
      const known = this.requests.get(key);
      if (known) known.headers = ((p.headersText as string | undefined) ?? '').length;
    } else if (message.method === 'Network.dataReceived') {
      const known = this.requests.get(key);
      if (known) known.received += p.encodedDataLength as number;
    } else if (message.method === 'Network.loadingFinished') {
      const known = this.requests.get(key) ?? { kind, url: '?', type: '', headers: 0, received: 0 };
      this.rows.push({ kind: known.kind, url: known.url, type: known.type, headers: known.headers, bytes: p.encodedDataLength as number });
      this.requests.delete(key);
    } else if (message.method === 'Network.loadingFailed') {
      // Cut short (a navigation away while the app's code was still arriving): what had come still cost data.
      const known = this.requests.get(key);
      if (known)
        this.rows.push({
          kind: known.kind,
          url: `${known.url}#cut`,
          type: known.type,
          headers: known.headers,
          bytes: known.headers + known.received,
        });
      this.requests.delete(key);
    } else if (message.method === 'Network.webSocketFrameReceived') {
      const payload = (p.response as { payloadData: string }).payloadData;
      this.rows.push({ kind, url: 'ws', type: 'WebSocket', bytes: payload.length, headers: 0 });
    }
  }

  async setOffline(offline: boolean): Promise<void> {
    this.offline = offline;
    for (const session of this.kinds.keys()) await this.send('Network.emulateNetworkConditions', { ...SLOW_4G, offline }, session);
  }

  take(): Row[] {
    const rows = this.rows;
    this.rows = [];
    return rows;
  }

  close(): void {
    this.socket.close();
  }
}

interface CdpMessage {
  id?: number;
  method?: string;
  params?: unknown;
  sessionId?: string;
}

async function launch(): Promise<{ browser: Browser; meter: Meter; stop: () => Promise<void> }> {
  const port = await freePort();
  const profile = join(await import('node:os').then((os) => os.tmpdir()), `boafo-bench-data-${process.pid}-${Date.now()}`);
  const child = spawn(
    CHROMIUM_PATH,
    ['--headless=new', `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, ...CHROMIUM_ARGS, 'about:blank'],
    { stdio: 'ignore' },
  );
  let version: { webSocketDebuggerUrl: string } | null = null;
  for (let i = 0; i < 100 && !version; i += 1) {
    version = await fetch(`http://127.0.0.1:${port}/json/version`)
      .then((r) => r.json() as Promise<{ webSocketDebuggerUrl: string }>)
      .catch(() => null);
    if (!version) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (!version) throw new Error('Chromium did not open its DevTools port');
  const meter = await Meter.open(version.webSocketDebuggerUrl);
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  return {
    browser,
    meter,
    stop: async () => {
      meter.close();
      await browser.close().catch(() => undefined);
      child.kill('SIGTERM');
      const { rmSync } = await import('node:fs');
      await new Promise((resolve) => setTimeout(resolve, 300));
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/**
 * A TCP relay in front of the server that counts every byte it sends the browser: the figure on the wire, whatever
 * DevTools attributes to which target (Chromium reports the worker's own script with only a few hundred bytes).
 */
async function countingRelay(
  target: number,
): Promise<{ url: string; down: () => number; byPath: Map<string, number>; reset: () => void; close: () => void }> {
  let down = 0;
  // Chromium sends one request at a time on a connection: what comes back belongs to the last request line sent.
  const byPath = new Map<string, number>();
  const server: Server = createServer((client) => {
    const upstream = connect(target, '127.0.0.1');
    let current = '?';
    client.on('data', (chunk: Buffer) => {
      const line = /^(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS) (\S+)/m.exec(chunk.toString('latin1', 0, 300));
      if (line) current = line[2]!.split('?')[0]!;
    });
    upstream.on('data', (chunk: Buffer) => {
      down += chunk.length;
      byPath.set(current, (byPath.get(current) ?? 0) + chunk.length);
    });
    client.pipe(upstream).pipe(client);
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  return { url: `http://127.0.0.1:${address.port}`, down: () => down, byPath, reset: () => (down = 0), close: () => server.close() };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const sum = (rows: Row[], pick: (row: Row) => boolean = () => true) => rows.filter(pick).reduce((total, row) => total + row.bytes, 0);

async function waitForInstalledWorker(page: Page): Promise<void> {
  await page.waitForFunction(
    async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      return Boolean(registration?.active && navigator.serviceWorker.controller);
    },
    undefined,
    { timeout: 120_000, polling: 500 },
  );
}

/** Settles: no request started or finished for `quietMs` (the worker's KEEP_ASSETS, the last API reads). */
async function settle(meter: Meter, quietMs = 3000): Promise<Row[]> {
  const rows: Row[] = [];
  let quietSince = Date.now();
  while (Date.now() - quietSince < quietMs) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const more = meter.take();
    if (more.length) {
      rows.push(...more);
      quietSince = Date.now();
    }
  }
  return rows;
}

/** How long the third visit reads the painted cause before tapping Donate (its scroll starts the app meanwhile). */
const READ_MS = 5000;
/** The gift's steps, each from the donor's action to the next screen ready to use. */
const STEPS = ['shared link → cause painted', 'Donate → amount form', 'Donate (pay) → approve prompt', 'approved → Thank you'] as const;

interface Visit {
  /** Bytes the relay sent the browser during the first gift (page and worker, headers included). */
  wire: number;
  /** Milliseconds of each of STEPS. */
  steps: number[];
  first: Row[];
  repeat: Row[];
  offlineRepeat: Row[];
  offlineWorked: boolean;
}

async function firstGift(
  browser: Browser,
  meter: Meter,
  server: RunningServer,
  causeId: string,
  saveData: boolean,
  phone: string,
  /** 0: Donate is tapped the moment it shows; else the guest scrolls (which starts the app) and reads this long first. */
  readMs = 0,
): Promise<Visit> {
  const relay = await countingRelay(server.port);
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    extraHTTPHeaders: saveData ? { 'Save-Data': 'on' } : {},
  });
  try {
    meter.take();
    const page = await context.newPage();
    const steps: number[] = [];
    // The cause's own Donate: a link on the painted page, a button once the app has taken over (the header's Donate
    // is a link to the list, folded into the menu on a phone).
    const donate = page
      .locator('a[href^="/donation"]', { hasText: 'Donate' })
      .or(page.getByRole('button', { name: 'Donate', exact: true }))
      .first();
    const step = async (act: () => Promise<unknown>, shown: () => Promise<unknown>) => {
      const start = performance.now();
      await act();
      await shown();
      steps.push(performance.now() - start);
    };
    await step(
      () => page.goto(`${relay.url}/causes/${causeId}`, { waitUntil: 'commit', timeout: 120_000 }),
      () => donate.waitFor({ timeout: 120_000 }),
    );
    // A guest reads the painted cause, then taps Donate (the app starts on their first interaction: the tap, or a scroll).
    if (readMs > 0) {
      await page.mouse.wheel(0, 200);
      await page.waitForTimeout(readMs);
    }
    await step(
      () => donate.click(),
      () => page.locator('#donation-amount').waitFor({ timeout: 120_000 }),
    );
    await page.locator('#donation-amount').fill('20');
    await page.getByLabel('Email address').fill('bench.data@example.com');
    await page.getByLabel('Payment method').selectOption('mobile_money');
    await page.getByLabel('Mobile money number').fill(phone);
    await step(
      () => page.getByRole('button', { name: 'Donate' }).click(),
      () => page.getByRole('heading', { name: /^Approve GH₵/ }).waitFor({ timeout: 120_000 }),
    );
    await step(
      () => approveOnPhone(server.url, page),
      () => page.getByText(THANKS).waitFor({ timeout: 120_000 }),
    );
    await page.waitForLoadState('load');
    await waitForInstalledWorker(page);
    const first = await settle(meter);
    const wire = relay.down();
    if (process.env.BENCH_DATA_ROWS) {
      const { writeFileSync } = await import('node:fs');
      writeFileSync(
        `${process.env.BENCH_DATA_ROWS}.wire-${saveData ? 'on' : 'off'}.json`,
        JSON.stringify(
          [...relay.byPath].sort((a, b) => b[1] - a[1]),
          null,
          1,
        ),
      );
    }
    await page.close();

    // A repeat visit: the same shared link, another day (a new tab; the worker installed).
    const again = await context.newPage();
    await again.goto(`${relay.url}/causes/${causeId}`, { waitUntil: 'load', timeout: 120_000 });
    await again.getByRole('heading', { level: 1 }).waitFor({ timeout: 60_000 });
    const repeat = await settle(meter);
    await again.close();

    await meter.setOffline(true);
    await context.setOffline(true);
    const offline = await context.newPage();
    let offlineWorked = true;
    try {
      await offline.goto(`${relay.url}/causes/${causeId}`, { waitUntil: 'load', timeout: 60_000 });
      await offline
        .getByRole('link', { name: 'Donate', exact: true })
        .or(offline.getByRole('button', { name: 'Donate' }))
        .first()
        .waitFor({ timeout: 60_000 });
    } catch {
      offlineWorked = false;
    }
    const offlineRepeat = await settle(meter, 1500);
    await meter.setOffline(false);
    return { wire, steps, first, repeat, offlineRepeat, offlineWorked };
  } finally {
    await context.close();
    relay.close();
  }
}

/** The precache as the worker used to install it (every built file, the icons twice) beside the donor's one now. */
function precacheFigures(): { full: number; fullCount: number; donor: number; donorCount: number } {
  const dist = join(root, 'dist');
  const onWire = (path: string) => (existsSync(`${path}.br`) ? statSync(`${path}.br`).size : statSync(path).size);
  let full = 0;
  let fullCount = 0;
  const visit = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) {
        if (name !== '.vite') visit(path);
      } else if (/\.(js|css|html|svg|png|webmanifest)$/.test(name) && name !== 'sw.js') {
        // The old glob listed the icons, and the plugin listed the manifest's icons and itself again.
        const twice = name.endsWith('.png') || name.endsWith('.webmanifest') ? 2 : 1;
        full += onWire(path) * twice;
        fullCount += twice;
      }
    }
  };
  visit(dist);
  const urls = [...readFileSync(join(dist, 'sw.js'), 'utf8').matchAll(/"url":"([^"]+)"/g)].map((m) => m[1]!);
  const donor = urls.reduce((total, url) => total + onWire(join(dist, url)), 0);
  return { full, fullCount, donor, donorCount: urls.length };
}

function breakdown(label: string, rows: Row[]): void {
  const groups = new Map<string, { bytes: number; headers: number; count: number }>();
  for (const row of rows) {
    const path = row.url.startsWith('http') ? new URL(row.url).pathname : row.url;
    const group =
      row.kind === 'worker' && path === '/sw.js'
        ? 'worker script'
        : path.startsWith('/api/')
          ? 'API'
          : path.startsWith('/media/')
            ? 'pictures'
            : path.startsWith('/assets/')
              ? 'JS/CSS'
              : row.type === 'Document' || path === '/' || !path.includes('.')
                ? 'HTML'
                : 'other';
    const key = `${row.kind} ${group}`;
    const entry = groups.get(key) ?? { bytes: 0, headers: 0, count: 0 };
    entry.bytes += row.bytes;
    entry.headers += row.headers;
    entry.count += 1;
    groups.set(key, entry);
  }
  console.log(`  ${label}:`);
  for (const [key, g] of [...groups].sort((a, b) => b[1].bytes - a[1].bytes))
    console.log(
      `    ${key.padEnd(22)} ${kb(g.bytes).padStart(9)}  ${String(g.count).padStart(3)} requests, ${kb(g.headers)} of it headers`,
    );
}

/** The most popular cause that takes gifts (each started server seeds its own demo causes). */
async function givableCause(server: RunningServer): Promise<{ id: string }> {
  const list = (await (await fetch(`${server.url}/api/causes/list/?ordering=popularity`)).json()) as {
    results: { id: string; accepts_donations: boolean }[];
  };
  const cause = list.results.find((c) => c.accepts_donations);
  if (!cause) throw new Error('no cause takes donations');
  return cause;
}

export async function benchData(): Promise<void> {
  if (!existsSync(join(root, 'dist', 'sw.js'))) {
    console.log('Data bench: dist/ missing, run `npm run build` first');
    return;
  }
  const server = await startServer();
  const { browser, meter, stop } = await launch();
  try {
    const cause = await givableCause(server);

    const plain = await firstGift(browser, meter, server, cause.id, false, '0241234581');
    const saving = await firstGift(browser, meter, server, cause.id, true, '0241234582');
    const reader = await firstGift(browser, meter, server, cause.id, false, '0241234584', READ_MS);
    const precache = precacheFigures();
    // BENCH_DATA_BEFORE=<a dist/ built before> runs the same gift against it (served by this server), as its peer.
    const beforeDist = process.env.BENCH_DATA_BEFORE;
    let before: Visit | null = null;
    if (beforeDist) {
      const old = await startServer({ WEB_DIST_DIR: beforeDist });
      try {
        before = await firstGift(browser, meter, old, (await givableCause(old)).id, false, '0241234583');
      } finally {
        await old.stop();
      }
    }

    const worker = (rows: Row[]) => sum(rows, (r) => r.kind === 'worker');
    const code = (rows: Row[]) => sum(rows, (r) => !r.url.includes('/api/') && !r.url.includes('/media/') && r.url !== 'ws');
    console.log(`Data: a guest's first gift (shared /causes/:id → Donate → mobile money → Thank you), Slow 4G, page + worker:`);
    const line = (label: string, off: number, on: number, budget?: number) =>
      console.log(
        `  ${label.padEnd(40)} ${kb(off).padStart(9)}   Save-Data on ${kb(on).padStart(9)}   on/off ${(on / Math.max(off, 1)).toFixed(2)}×${budget ? `   (budget ${kb(budget)})` : ''}`,
      );
    line('first gift, on the wire (TCP)', plain.wire, saving.wire, 250 * 1024);
    line('first gift, by DevTools (page + worker)', sum(plain.first), sum(saving.first));
    line('  of which the worker (script + install)', worker(plain.first), worker(saving.first));
    const script = (rows: Row[]) => sum(rows, (r) => r.kind === 'worker' && r.url.endsWith('/sw.js'));
    line(
      '  worker install without its script',
      worker(plain.first) - script(plain.first),
      worker(saving.first) - script(saving.first),
      120 * 1024,
    );
    line(
      '  pictures',
      sum(plain.first, (r) => r.url.includes('/media/')),
      sum(saving.first, (r) => r.url.includes('/media/')),
    );
    line(
      '  response headers',
      plain.first.reduce((t, r) => t + r.headers, 0),
      saving.first.reduce((t, r) => t + r.headers, 0),
    );
    const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`.padStart(9);
    console.log(`  each step, Donate tapped the moment it shows (Save-Data off beside on), and after reading ${READ_MS / 1000} s:`);
    STEPS.forEach((label, i) =>
      console.log(
        `    ${label.padEnd(38)} ${seconds(plain.steps[i]!)}   Save-Data on ${seconds(saving.steps[i]!)}   after reading ${seconds(reader.steps[i]!)}   reading/at once ${(reader.steps[i]! / plain.steps[i]!).toFixed(2)}×`,
      ),
    );
    console.log(
      `  ${'first gift after reading, on the wire'.padEnd(40)} ${kb(reader.wire).padStart(9)}   beside at once ${(reader.wire / plain.wire).toFixed(2)}×`,
    );
    line('repeat visit (online), code and pages', code(plain.repeat), code(saving.repeat), 0);
    line('repeat visit (online), fresh API data', sum(plain.repeat) - code(plain.repeat), sum(saving.repeat) - code(saving.repeat));
    line('repeat visit offline', sum(plain.offlineRepeat), sum(saving.offlineRepeat), 0);
    if (before) {
      const peer = (label: string, was: number, now: number) =>
        console.log(
          `  ${label.padEnd(40)} before ${kb(was).padStart(9)}   now ${kb(now).padStart(9)}   now/before ${(now / Math.max(was, 1)).toFixed(2)}×`,
        );
      console.log(`  beside the web app in ${beforeDist} (same server), Save-Data off:`);
      peer('first gift, on the wire (TCP)', before.wire, plain.wire);
      peer('first gift, by DevTools (page + worker)', sum(before.first), sum(plain.first));
      peer('  of which the worker', worker(before.first), worker(plain.first));
      STEPS.forEach((label, i) =>
        console.log(
          `  ${`step: ${label}`.padEnd(40)} before ${seconds(before!.steps[i]!)}   now ${seconds(plain.steps[i]!)}   now/before ${(plain.steps[i]! / before!.steps[i]!).toFixed(2)}×`,
        ),
      );
    }
    console.log(`  offline repeat visit showed the cause and Donate: ${plain.offlineWorked && saving.offlineWorked ? 'yes' : 'NO'}`);
    console.log(
      `  precache (built files, brotli): full ${kb(precache.full)} in ${precache.fullCount} files   donor ${kb(precache.donor)} in ${precache.donorCount} files   donor/full ${(precache.donor / precache.full).toFixed(2)}×`,
    );
    breakdown('first gift, Save-Data off', plain.first);
    if (process.env.BENCH_DATA_ROWS) {
      const { writeFileSync } = await import('node:fs');
      writeFileSync(
        process.env.BENCH_DATA_ROWS,
        JSON.stringify({ first: plain.first, repeat: plain.repeat, saving: saving.first }, null, 1),
      );
    }
    breakdown('repeat visit online, Save-Data off', plain.repeat);
  } finally {
    await stop();
    await server.stop();
  }
}
