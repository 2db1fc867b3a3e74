/** Helpers for refund tests: a settled gift, the two refund routes, and counters compared with a full recount. */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { queryRows, type Db } from '../../../src/server/db/client';
import { bearer } from './app';
import { donate, one, sandboxDecide, verify } from './giving';

/** A settled sandbox donation (mobile money unless told): its donation id and payment reference. */
export async function give(
  app: FastifyInstance,
  causeId: string,
  amount: string,
  extra: Record<string, unknown> = {},
  token?: string,
): Promise<{ id: string; reference: string }> {
  const start = await donate(app, causeId, amount, { payment_method: 'mobile_money', ...extra }, token);
  await sandboxDecide(app, start.reference, 'success');
  expect((await verify(app, start.reference)).statusCode).toBe(200);
  const row = await one<{ id: string }>(app, sql`SELECT id FROM donations WHERE reference = ${start.reference}`);
  return { id: row.id, reference: start.reference };
}

export function adminRefund(app: FastifyInstance, access: string | null, donationId: string, amount?: string, key?: string) {
  return app.inject({
    method: 'POST',
    url: `/api/admin/donations/${donationId}/refund/`,
    headers: { ...(access ? bearer(access) : {}), ...(key ? { 'idempotency-key': key } : {}) },
    payload: amount === undefined ? {} : { amount },
  });
}

export function organizerRefund(app: FastifyInstance, access: string | null, causeId: string, donationId: string, amount?: string) {
  return app.inject({
    method: 'POST',
    url: `/api/causes/${causeId}/donations/${donationId}/refund/`,
    headers: access ? bearer(access) : {},
    payload: amount === undefined ? {} : { amount },
  });
}

const COUNTERS = sql`SELECT json_build_object(
  'days', (SELECT coalesce(json_agg(json_build_object('day', day::text, 'amount', amount::text, 'n', donations) ORDER BY day), '[]')
           FROM donation_days WHERE amount <> 0 OR donations <> 0),
  'cause_donors', (SELECT coalesce(json_agg(json_build_object('c', cause_id, 'k', donor_key, 'n', donations) ORDER BY cause_id, donor_key), '[]')
           FROM cause_donors),
  'cause_totals', (SELECT coalesce(json_agg(json_build_object('c', cause_id, 'n', donations, 'amount', amount::text) ORDER BY cause_id), '[]')
           FROM cause_totals WHERE donations <> 0 OR amount <> 0),
  'donor_count', (SELECT coalesce(json_agg(json_build_object('c', id, 'n', donor_count) ORDER BY id), '[]') FROM causes),
  'platform_donors', (SELECT coalesce(json_agg(json_build_object('k', donor_key, 'n', donations, 'named', named_donations,
           'amount', named_amount::text, 'last', last_named_at) ORDER BY donor_key), '[]') FROM platform_donors),
  'donors', (SELECT value::text FROM platform_counters WHERE name = 'donors')
)::text AS counters`;

class Rollback extends Error {}

/**
 * The counters the trigger kept, then boafo_rebuild_counters() on the same data inside a transaction
 * that is rolled back: the two must be equal. Also every cause's current_amount against its donations.
 */
export async function expectCountersEqualRecount(app: FastifyInstance): Promise<void> {
  let kept = '';
  let rebuilt = '';
  await app.db
    .transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      kept = (await queryRows<{ counters: string }>(tx, COUNTERS))[0].counters;
      await tx.execute(sql`SELECT boafo_rebuild_counters()`);
      rebuilt = (await queryRows<{ counters: string }>(tx, COUNTERS))[0].counters;
      throw new Rollback();
    })
    .catch((error) => {
      if (!(error instanceof Rollback)) throw error;
    });
  expect(JSON.parse(kept)).toEqual(JSON.parse(rebuilt));
  const drift = await queryRows<{ id: string }>(
    app.db,
    sql`SELECT c.id FROM causes c WHERE c.current_amount <> (SELECT coalesce(sum(d.amount - d.refunded_amount), 0)
      FROM donations d WHERE d.cause_id = c.id AND d.status = 'completed')`,
  );
  expect(drift).toEqual([]);
}

/** A small deterministic PRNG (mulberry32), so a failing property run can be replayed. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
