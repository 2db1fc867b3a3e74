// `npm run bench -- scale`: the reads of the landing page, the cause list and the dashboards on a
// database with 100,000 causes and 1,000,000 donations, beside the same reads on 1,000 causes and
// 10,000 donations, p50/p95 of sequential requests through the real app (public cache off), and the ratio.
// PostgreSQL only (a database of its own, dropped afterwards); the load takes a few minutes.
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { queryRows, type Db } from '../../src/server/db/client';
import { loadScaleData, type ScaleSize } from '../server/helpers/scale-data';
import { databaseUrl, onPostgres } from './postgres';

const ROUNDS = 200;
const SMALL: ScaleSize = { users: 500, causes: 1_000, donations: 10_000 };
const LARGE: ScaleSize = { users: 5_000, causes: 100_000, donations: 1_000_000 };

type Reads = Map<string, { p50: number; p95: number }>;

async function measure(size: ScaleSize): Promise<Reads> {
  const name = `boafo_scale_${size.causes}_${Date.now()}`;
  await onPostgres(`CREATE DATABASE ${name}`);
  const email = 'scale-admin@example.com';
  const password = 'scale-admin-pass-1';
  const app = await buildApp({
    // The database's reads, not the public cache's memory (which would answer every repeat after the first).
    ...loadConfig({
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      WEB_DIST_DIR: '/nonexistent',
      ADMIN_EMAIL: email,
      ADMIN_PASSWORD: password,
      PUBLIC_CACHE_SECONDS: '0',
    }),
    databaseUrl: databaseUrl(name),
  });
  const reads: Reads = new Map();
  try {
    const started = performance.now();
    await loadScaleData(app.db as Db, size);
    await (app.db as Db).execute(sql`VACUUM ANALYZE`);
    console.log(
      `  loaded ${size.causes.toLocaleString('en-GB')} causes, ${size.donations.toLocaleString('en-GB')} donations in ${((performance.now() - started) / 1000).toFixed(0)} s`,
    );
    const token = (await app.inject({ method: 'POST', url: '/api/user/auth/login/', payload: { email, password } })).json()
      .access as string;
    const [top] = await queryRows<{ id: string; n: number }>(
      app.db as Db,
      sql`SELECT c.id, (SELECT count(*) FROM donations d WHERE d.cause_id = c.id)::int AS n FROM causes c WHERE c.status = 'active'
        ORDER BY 2 DESC LIMIT 1`,
    );
    console.log(`  the most donated cause has ${top!.n.toLocaleString('en-GB')} donations`);
    const lastPage = Math.ceil((await app.inject({ url: '/api/causes/list/?page_size=12' })).json().count / 12);
    const auth = { authorization: `Bearer ${token}` };
    const cases: [string, string, Record<string, string>?][] = [
      ['landing GET /api/statistics/', '/api/statistics/'],
      ['GET /api/donations/statistics/', '/api/donations/statistics/'],
      ['admin metrics', '/api/admin/metrics/', auth],
      ['cause list, first page', '/api/causes/list/?page=1'],
      ['cause list, last page', `/api/causes/list/?page=${lastPage}`],
      ['cause list, search that matches', '/api/causes/list/?search=Borehole'],
      ['cause list, search matching nothing', '/api/causes/list/?search=zzqqxx'],
      ['cause list by created_by', '/api/causes/list/?ordering=created_by&page=3'],
      ['cause list by category', '/api/causes/list/?ordering=category&page=3'],
      ['details of the most donated cause', `/api/causes/details/${top!.id}/`],
      ['ledger of the most donated cause', `/api/causes/${top!.id}/ledger/`],
      ['landing contributors', '/api/contributors/'],
    ];
    for (const [label, url, headers] of cases) {
      for (let i = 0; i < 20; i += 1) await app.inject({ url, headers });
      const samples: number[] = [];
      for (let i = 0; i < ROUNDS; i += 1) {
        const start = performance.now();
        const res = await app.inject({ url, headers });
        samples.push(performance.now() - start);
        if (res.statusCode !== 200) throw new Error(`${label}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      }
      samples.sort((a, b) => a - b);
      reads.set(label, { p50: samples[Math.floor(ROUNDS * 0.5)]!, p95: samples[Math.floor(ROUNDS * 0.95)]! });
    }
  } finally {
    await app.close();
    await onPostgres(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
  return reads;
}

export async function benchScale(): Promise<void> {
  if (!(await onPostgres('SELECT 1'))) {
    console.log('Scale: PostgreSQL not reachable, skipped');
    return;
  }
  console.log(`Reads at scale on PostgreSQL (${ROUNDS} sequential requests each, in-process):`);
  const small = await measure(SMALL);
  const large = await measure(LARGE);
  const fmt = (n: number) => `${n.toFixed(2).padStart(7)} ms`;
  console.log(
    `  ${'read'.padEnd(38)} ${'1k p50'.padStart(10)} ${'1k p95'.padStart(10)} ${'100k p50'.padStart(10)} ${'100k p95'.padStart(10)}  ratio p95`,
  );
  for (const [label, s] of small) {
    const l = large.get(label)!;
    console.log(`  ${label.padEnd(38)} ${fmt(s.p50)} ${fmt(s.p95)} ${fmt(l.p50)} ${fmt(l.p95)}  ${(l.p95 / s.p95).toFixed(2)}×`);
  }
}
