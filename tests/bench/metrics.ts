// `npm run bench -- metrics`: what /metrics costs a request. The same reads on two apps side by side
// on the demo data (embedded database), one with metrics off and one with METRICS_TOKEN set (the
// request hook counts and times every answer), taken in alternation so the machine's noise falls on
// both alike; p50/p95 of each and the ratio on/off. Then what one scrape costs (database gauges read
// and the text rendered).
import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';

const ROUNDS = 3000;
const TOKEN = 'bench-metrics-token-0123456789';

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function app(env: Record<string, string>): Promise<FastifyInstance> {
  const config = loadConfig({ LOG_LEVEL: 'silent', SEED_DEMO: 'true', WEB_DIST_DIR: '/nonexistent', SWEEP_INTERVAL_SECONDS: '0', ...env });
  return buildApp({ ...config, databaseUrl: null, pgliteDir: 'memory://' });
}

async function timed(run: () => Promise<{ statusCode: number }>): Promise<number> {
  const start = performance.now();
  const response = await run();
  const ms = performance.now() - start;
  if (response.statusCode >= 400) throw new Error(`answered ${response.statusCode}`);
  return ms;
}

const fmt = (n: number) => n.toFixed(3).padStart(7);

export async function benchMetrics(): Promise<void> {
  const [off, on] = await Promise.all([app({}), app({ METRICS_TOKEN: TOKEN })]);
  try {
    // Each app seeded its own demo causes: the same first cause by name, under its own id.
    const firstCause = async (target: FastifyInstance) =>
      ((await target.inject({ url: '/api/causes/list/?page_size=1&ordering=goal_amount' })).json() as { results: { id: string }[] })
        .results[0].id;
    const ids = { off: await firstCause(off), on: await firstCause(on) };
    console.log(`Metrics collection per request (PGlite, ${ROUNDS} requests each, in-process, off and on taken in turn):`);
    for (const [label, path] of [
      ['GET /api/health/live', () => '/api/health/live'],
      ['GET /api/causes/details/{id}/ (cached)', (id: string) => `/api/causes/details/${id}/`],
      ['GET /api/causes/{id}/ledger/ (cached)', (id: string) => `/api/causes/${id}/ledger/`],
    ] as const) {
      const urls = { off: path(ids.off), on: path(ids.on) };
      const samples = { off: [] as number[], on: [] as number[] };
      for (let i = 0; i < 50; i += 1) {
        await off.inject({ url: urls.off });
        await on.inject({ url: urls.on });
      }
      for (let i = 0; i < ROUNDS; i += 1) {
        samples.off.push(await timed(() => off.inject({ url: urls.off })));
        samples.on.push(await timed(() => on.inject({ url: urls.on })));
      }
      samples.off.sort((a, b) => a - b);
      samples.on.sort((a, b) => a - b);
      const [p50off, p95off, p50on, p95on] = [
        percentile(samples.off, 50),
        percentile(samples.off, 95),
        percentile(samples.on, 50),
        percentile(samples.on, 95),
      ];
      console.log(
        `  ${label.padEnd(40)} off p50 ${fmt(p50off)} ms p95 ${fmt(p95off)} ms | on p50 ${fmt(p50on)} ms p95 ${fmt(p95on)} ms | ratio p50 ${(p50on / p50off).toFixed(2)} p95 ${(p95on / p95off).toFixed(2)}`,
      );
    }
    const scrapes: number[] = [];
    for (let i = 0; i < 10; i += 1) await on.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    for (let i = 0; i < 100; i += 1) {
      scrapes.push(await timed(() => on.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })));
    }
    scrapes.sort((a, b) => a - b);
    console.log(
      `  one scrape of /metrics (5 database reads + render)  p50 ${fmt(percentile(scrapes, 50))} ms  p95 ${fmt(percentile(scrapes, 95))} ms`,
    );
  } finally {
    await Promise.all([off.close(), on.close()]);
  }
}
