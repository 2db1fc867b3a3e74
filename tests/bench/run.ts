// `npm run bench`: prints figures for the quality bars (no pass/fail here).
//  - API read latency through the real app on PGlite (and PostgreSQL when reachable)
//  - JavaScript the landing route loads, gzipped, measured in real Chromium, and Lighthouse on
//    /, /causelistpage and /causes/:id (tests/bench/lighthouse.ts); `npm run bench -- pages` runs only these
//  - offline cart edits and their sync, and the offline repeat visit (cart-sync.ts)
//  - server memory after warm-up
// `npm run bench -- metrics`: a read's p50/p95 with /metrics on beside off, and one scrape's cost (metrics.ts).
// `npm run bench -- sms`: texts through the SMS outbox worker (log provider) beside mail through the mail worker, msg/s (sms-outbox.ts).
// `npm run bench -- data`: a guest's first gift on Slow 4G in bytes, page and service worker (its install), Save-Data off
// beside on, the repeat visit, and the full precache beside the donor's (data.ts; budget 250 KB, install 120 KB).
// `npm run bench -- momo`: Give → Thank you by the mobile money prompt beside the hosted checkout, on a slow link (mobile-money.ts).
// `npm run bench -- ussd`: USSD step latency over 1,000 sessions on two server processes beside a cause read on the same (ussd.ts).
// `npm run bench -- throughput`: anonymous public reads under load, beside bare Fastify serving the same bytes
// (tests/bench/throughput.ts). `npm run bench -- cart` runs only the offline cart part; `-- scale` the reads at 100,000 causes and
// 1,000,000 donations beside 1,000 and 10,000 (tests/bench/scale.ts; not in the default run: the load takes minutes).
import { performance } from 'node:perf_hooks';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { launchBrowser } from '../browser/helpers/browser';
import { startServer } from '../browser/helpers/server-process';
import { benchCartSync } from './cart-sync';
import { benchData } from './data';
import { benchLighthouse } from './lighthouse';
import { benchMemory } from './memory';
import { benchMetrics } from './metrics';
import { benchMobileMoney } from './mobile-money';
import { databaseUrl, onPostgres } from './postgres';
import { benchScale } from './scale';
import { benchSmsOutbox } from './sms-outbox';
import { benchThroughput } from './throughput';
import { benchUssd } from './ussd';

const root = join(import.meta.dirname, '..', '..');
const ROUNDS = 400;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function timeRequests(label: string, run: () => Promise<{ statusCode: number }>): Promise<void> {
  for (let i = 0; i < 30; i += 1) await run(); // warm-up: JIT, prepared plans
  const samples: number[] = [];
  for (let i = 0; i < ROUNDS; i += 1) {
    const start = performance.now();
    const response = await run();
    samples.push(performance.now() - start);
    if (response.statusCode >= 400) throw new Error(`${label} answered ${response.statusCode}`);
  }
  samples.sort((a, b) => a - b);
  const fmt = (n: number) => n.toFixed(2).padStart(7);
  console.log(
    `  ${label.padEnd(34)} p50 ${fmt(percentile(samples, 50))} ms  p95 ${fmt(percentile(samples, 95))} ms  p99 ${fmt(percentile(samples, 99))} ms`,
  );
}

async function benchApi(backend: string, databaseUrl: string | null): Promise<void> {
  const config = {
    ...loadConfig({ LOG_LEVEL: 'silent', SEED_DEMO: 'true', WEB_DIST_DIR: '/nonexistent' }),
    databaseUrl,
    pgliteDir: 'memory://',
  };
  const app = await buildApp(config);
  const email = `bench.${Date.now()}@example.com`;
  const password = 'bench-password-1';
  await app.inject({
    method: 'POST',
    url: '/api/user/auth/signup/',
    payload: { first_name: 'Efua', last_name: 'Asante', email, password, password2: password },
  });
  const login = await app.inject({ method: 'POST', url: '/api/user/auth/login/', payload: { email, password } });
  const { access } = login.json() as { access: string };
  console.log(`API on ${backend} (${ROUNDS} sequential requests each, in-process):`);
  await timeRequests('GET /api/health/', () => app.inject({ method: 'GET', url: '/api/health/' }));
  await timeRequests('GET /api/user/profile/ (JWT + 1 row)', () =>
    app.inject({ method: 'GET', url: '/api/user/profile/', headers: { authorization: `Bearer ${access}` } }),
  );
  const list = await app.inject({ method: 'GET', url: '/api/causes/list/' });
  const firstCause = (list.json() as { results: { id: string }[] }).results[0].id;
  await timeRequests('GET /api/causes/list/ (page of 12)', () => app.inject({ method: 'GET', url: '/api/causes/list/' }));
  await timeRequests('GET /api/causes/list/?search=&ordering=', () =>
    app.inject({ method: 'GET', url: '/api/causes/list/?search=school&ordering=popularity' }),
  );
  await timeRequests('GET /api/causes/details/{id}/', () => app.inject({ method: 'GET', url: `/api/causes/details/${firstCause}/` }));
  await timeRequests('GET /api/causes/{id}/ledger/', () => app.inject({ method: 'GET', url: `/api/causes/${firstCause}/ledger/` }));
  await app.close();
}

async function benchLanding(): Promise<void> {
  if (!existsSync(join(root, 'dist', 'index.html'))) {
    console.log('Landing JS: dist/ missing, run `npm run build` first');
    return;
  }
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage();
    const scripts: string[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(new URL(response.url()).pathname);
    });
    const report = (label: string, files: string[]) => {
      let raw = 0;
      let gzipped = 0;
      for (const path of new Set(files)) {
        const file = readFileSync(join(root, 'dist', path));
        raw += file.length;
        gzipped += gzipSync(file, { level: 9 }).length;
      }
      console.log(`${label}: ${files.length} files, ${(raw / 1024).toFixed(1)} KB raw, ${(gzipped / 1024).toFixed(1)} KB gzipped`);
    };
    await page.goto(server.url, { waitUntil: 'networkidle' });
    report('Landing route JS (Chromium, /, until network idle; budget 15 KB gzipped)', scripts);
    // A guest's landing page starts the app on the first interaction (src/web/main.tsx): what that costs.
    const before = scripts.length;
    await page.mouse.move(10, 10);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    await page.waitForLoadState('networkidle');
    report('  then the app, on the first interaction', scripts.slice(before));
    const list = await fetch(`${server.url}/api/causes/list/?page_size=1`).then((r) => r.json() as Promise<{ results: { id: string }[] }>);
    benchLighthouse(server.url, list.results[0]!.id);
  } finally {
    await browser.close();
    await server.stop();
  }
}

const only = process.argv.slice(2);
if (only.includes('scale')) {
  await benchScale();
  process.exit(0);
}
if (only.includes('throughput')) {
  await benchThroughput();
  process.exit(0);
}
if (only.includes('memory')) {
  await benchMemory();
  process.exit(0);
}
if (only.includes('pages')) {
  await benchLanding();
  process.exit(0);
}
if (only.includes('metrics')) {
  await benchMetrics();
  process.exit(0);
}
if (only.includes('data')) {
  await benchData();
  process.exit(0);
}
if (only.includes('momo')) {
  await benchMobileMoney();
  process.exit(0);
}
if (only.includes('ussd')) {
  await benchUssd();
  process.exit(0);
}
if (only.includes('cart')) {
  await benchCartSync();
  process.exit(0);
}
if (only.includes('sms')) {
  await benchSmsOutbox();
  process.exit(0);
}

await benchApi('PGlite', null);
const benchDb = `boafo_bench_${Date.now()}`;
if (await onPostgres(`CREATE DATABASE ${benchDb}`)) {
  await benchApi('PostgreSQL', databaseUrl(benchDb));
  await onPostgres(`DROP DATABASE ${benchDb}`);
} else {
  console.log('PostgreSQL not reachable: skipped');
}
await benchMetrics();
await benchLanding();
await benchThroughput();
await benchMemory();
await benchCartSync();
await benchMobileMoney();
await benchData();
await benchUssd();
await benchSmsOutbox();
const rss = process.memoryUsage().rss / 1024 / 1024;
console.log(`Bench process RSS after the runs: ${rss.toFixed(0)} MB`);
process.exit(0);
