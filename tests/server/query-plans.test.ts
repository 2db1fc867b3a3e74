/**
 * The public and signed-in reads use their indexes: on PostgreSQL with a few thousand causes and
 * donations, every statement a read sends is explained with sequential scans switched off; a
 * sequential scan that remains on a large table means no index can serve it. The rollup tables
 * (a row per day, a few counters) and small lookup tables may be read whole by design.
 */
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Db } from '../../src/server/db/client';
import { backends } from './helpers/backends';
import { bearer, newSession, useApp } from './helpers/app';
import { ADMIN, adminSession } from './helpers/causes';
import { loadScaleData } from './helpers/scale-data';

const LARGE_TABLES = [
  'causes',
  'donations',
  'users',
  'platform_donors',
  'cause_donors',
  'cause_totals',
  'favorites',
  'payments',
  'subscriptions',
  'subscription_causes',
];

interface Captured {
  text: string;
  values: unknown[];
}

/** Records every statement the app sends through node-postgres while `run` is in flight. */
async function capture(run: () => Promise<unknown>): Promise<Captured[]> {
  const captured: Captured[] = [];
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function query(this: pg.Client, ...args: unknown[]) {
    const [first, second] = args as [string | { text: string; values?: unknown[] }, unknown[] | undefined];
    if (typeof first === 'string') captured.push({ text: first, values: Array.isArray(second) ? second : [] });
    else if (first && typeof first.text === 'string')
      captured.push({ text: first.text, values: first.values ?? (Array.isArray(second) ? second : []) });
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original;
  try {
    await run();
  } finally {
    pg.Client.prototype.query = original;
  }
  return captured.filter((q) => /^\s*(SELECT|WITH|\(SELECT)/i.test(q.text));
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  Plans?: PlanNode[];
}

function walk(node: PlanNode, visit: (node: PlanNode) => void): void {
  visit(node);
  for (const child of node.Plans ?? []) walk(child, visit);
}

const postgres = backends.find((b) => b.name === 'postgres');
const METRICS_TOKEN = 'query-plans-metrics-0123456789';

describe.skipIf(!postgres)('query plans on PostgreSQL', () => {
  const ctx = useApp(postgres!, { admin: ADMIN, metrics: { token: METRICS_TOKEN, port: null } });
  let explainer: pg.Client;
  let donor: { access: string; id: string };
  let admin: { access: string };
  let causeId: string;

  beforeAll(async () => {
    await loadScaleData(ctx.app.db as Db, { users: 300, causes: 3000, donations: 20000 });
    await (ctx.app.db as Db).execute(sql`VACUUM ANALYZE`);
    explainer = new pg.Client({ connectionString: ctx.databaseUrl! });
    await explainer.connect();
    donor = await newSession(ctx.app);
    admin = await adminSession(ctx.app);
    const [row] = await queryRows<{ cause_id: string }>(
      ctx.app.db as Db,
      sql`SELECT d.cause_id FROM donations d JOIN causes c ON c.id = d.cause_id
      WHERE c.status = 'active' GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`,
    );
    causeId = row!.cause_id;
  }, 300_000);

  afterAll(async () => {
    await explainer?.end();
  });

  /** Every large-table access of every statement `url` sends, as "table: node (index)". */
  async function accesses(url: string, headers: Record<string, string> = {}): Promise<string[]> {
    return accessesOf(url, async () => {
      const res = await ctx.app.inject({ url, headers });
      expect(res.statusCode, `${url} ${res.body.slice(0, 200)}`).toBe(200);
    });
  }

  /** Every large-table access of every statement `run` sends. */
  async function accessesOf(label: string, run: () => Promise<unknown>): Promise<string[]> {
    const statements = await capture(run);
    expect(statements.length, label).toBeGreaterThan(0);
    const found: string[] = [];
    await explainer.query('BEGIN');
    try {
      await explainer.query('SET LOCAL enable_seqscan = off');
      for (const statement of statements) {
        const { rows } = await explainer.query(`EXPLAIN (FORMAT JSON) ${statement.text}`, statement.values);
        walk((rows[0]['QUERY PLAN'] as { Plan: PlanNode }[])[0]!.Plan, (node) => {
          if (node['Relation Name'] && LARGE_TABLES.includes(node['Relation Name'])) {
            found.push(`${node['Relation Name']}: ${node['Node Type']}${node['Index Name'] ? ` (${node['Index Name']})` : ''}`);
          } else if (!node['Relation Name'] && node['Index Name']) {
            found.push(`${node['Node Type']} (${node['Index Name']})`); // a bitmap index scan names only its index
          }
        });
      }
    } finally {
      await explainer.query('ROLLBACK');
    }
    return found;
  }

  const noSeqScan = (found: string[], label = '') =>
    expect(
      found.filter((a) => a.includes('Seq Scan')),
      `${label}\n${found.join('\n')}`,
    ).toEqual([]);

  it('a /metrics scrape reads payments (and every other large table) through their indexes', async () => {
    const found = await accessesOf('/metrics', async () => {
      const res = await ctx.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
      expect(res.statusCode).toBe(200);
    });
    noSeqScan(found, '/metrics');
    expect(found.filter((a) => a.startsWith('payments:')).length).toBeGreaterThanOrEqual(3);
  });

  it.each([
    ['newest first', '/api/causes/list/?page=1', 'causes_public_created_idx'],
    ['last page', '/api/causes/list/?page=250', 'causes_public_created_idx'],
    ['popularity', '/api/causes/list/?ordering=popularity&page=3', 'causes_public_popularity_idx'],
    ['goal', '/api/causes/list/?ordering=goal_amount', 'causes_public_goal_idx'],
    ['created by', '/api/causes/list/?ordering=created_by&page=5', 'causes_public_organizer_sort_idx'],
    ['category order', '/api/causes/list/?ordering=category', 'causes_public_category_sort_idx'],
    ['search', '/api/causes/list/?search=cause%20299', 'causes_name_trgm_idx'],
    ['search that matches nothing', '/api/causes/list/?search=zzqqxx', 'causes_name_trgm_idx'],
  ])('cause list, %s', async (_name, url, index) => {
    const found = await accesses(url);
    noSeqScan(found, url);
    expect(found.join('\n')).toContain(index);
  });

  it('statistics, landing and cause reads', async () => {
    for (const url of [
      '/api/statistics/',
      '/api/donations/statistics/',
      `/api/causes/details/${causeId}/`,
      `/api/causes/${causeId}/ledger/`,
      '/api/contributors/',
      '/api/donations/',
    ]) {
      noSeqScan(await accesses(url), url);
    }
  });

  it('signed-in reads: history, dashboard, admin metrics', async () => {
    noSeqScan(await accesses('/api/donations/', bearer(donor.access)), 'history');
    noSeqScan(await accesses('/api/user/dashboard/', bearer(donor.access)), 'dashboard');
    noSeqScan(await accesses('/api/admin/metrics/', bearer(admin.access)), 'metrics');
  });

  it('the ledger of the most donated cause reads one page of its donations, and its totals from cause_totals', async () => {
    const [biggest] = await queryRows<{ cause_id: string; n: number }>(
      ctx.app.db as Db,
      sql`SELECT cause_id, count(*)::int AS n FROM donations WHERE status = 'completed' GROUP BY 1 ORDER BY 2 DESC LIMIT 1`,
    );
    expect(biggest!.n).toBeGreaterThan(1000);
    for (const [limit, offset] of [
      [20, 0],
      [20, 40],
    ] as const) {
      const label = `ledger page at offset ${offset}`;
      noSeqScan(await accessesOf(label, () => ctx.app.repos.ledger.page(biggest!.cause_id, limit, offset)), label);
      const read = await donationRowsRead(() => ctx.app.repos.ledger.page(biggest!.cause_id, limit, offset));
      // The page and the rows before it, not the cause's thousand-odd donations.
      expect(read.rows, label).toBeLessThanOrEqual(limit + offset);
      expect(read.indexes, label).toContain('donations_cause_ledger_idx');
    }
    const totals = await accessesOf('ledger totals', () => ctx.app.repos.ledger.totals(biggest!.cause_id));
    noSeqScan(totals, 'ledger totals');
    expect(totals.join('\n')).toContain('cause_totals_pkey');
    expect((await donationRowsRead(() => ctx.app.repos.ledger.totals(biggest!.cause_id))).rows).toBe(0);
  });

  /** How many donations rows the statements `run` sends read when executed (EXPLAIN ANALYZE), and through which indexes. */
  async function donationRowsRead(run: () => Promise<unknown>): Promise<{ rows: number; indexes: string[] }> {
    const read = { rows: 0, indexes: [] as string[] };
    for (const statement of await capture(run)) {
      const { rows } = await explainer.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${statement.text}`, statement.values);
      walk((rows[0]['QUERY PLAN'] as { Plan: PlanNode }[])[0]!.Plan, (node) => {
        if (node['Relation Name'] !== 'donations') return;
        read.rows += (node['Actual Rows'] ?? 0) * (node['Actual Loops'] ?? 1);
        if (node['Index Name']) read.indexes.push(node['Index Name']);
      });
    }
    return read;
  }

  it("the sweeper's search for gifts naming an ended cause reads only the running gifts", async () => {
    // Years of stopped gifts and a few running ones, each naming a cause.
    const db = ctx.app.db as Db;
    await db.execute(sql`INSERT INTO subscriptions (code, user_id, email, provider, status, amount, donor, created_at)
      SELECT 'plan-scale-' || i, u.id, u.email, 'sandbox', CASE WHEN i % 100 = 0 THEN 'active' ELSE 'cancelled' END,
             1000, '{}'::jsonb, now() - (i || ' minutes')::interval
      FROM generate_series(1, 5000) i JOIN LATERAL (SELECT id, email FROM users ORDER BY id OFFSET i % 300 LIMIT 1) u ON true`);
    await db.execute(sql`INSERT INTO subscription_causes (subscription_id, cause_id, amount)
      SELECT s.id, ${causeId}, 1000 FROM subscriptions s WHERE s.code LIKE 'plan-scale-%'`);
    await db.execute(sql`ANALYZE subscriptions`);
    await db.execute(sql`ANALYZE subscription_causes`);
    const found = await accessesOf('sweeper', () => ctx.app.repos.subscriptions.withEndedCause(50));
    noSeqScan(found, 'sweeper');
    expect(found.join('\n')).toContain('subscriptions_running_idx');
  });
});
