/**
 * The sweeper's claims: which stuck payments and withdrawals this process re-checks now.
 * One statement per kind marks a batch as swept (swept_at = now()) and returns it. The
 * inner SELECT … FOR UPDATE SKIP LOCKED means processes claiming at the same moment take
 * disjoint rows without waiting for each other, and once a claim commits its rows are not
 * due again until the recheck period has passed: each item is checked by one process.
 * (Settling stays exactly-once on its own: these claims only spare the provider duplicate calls.)
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';
import { payments, withdrawals } from '../db/schema';

export interface ClaimedPayment {
  reference: string;
  /** Seconds since the payment started. */
  age: number;
}

export class SweepClaimsRepo {
  constructor(private readonly db: Db) {}

  async stalePayments(provider: string, recheckSeconds: number, limit: number): Promise<ClaimedPayment[]> {
    const recheck = sql`make_interval(secs => ${recheckSeconds})`;
    const rows = await queryRows<{ reference: string; age: number }>(
      this.db,
      sql`
    UPDATE ${payments} SET swept_at = now()
    WHERE id IN (
      SELECT id FROM ${payments}
      WHERE status = 'pending' AND provider = ${provider} AND created_at < now() - ${recheck}
        AND (swept_at IS NULL OR swept_at < now() - ${recheck})
      ORDER BY created_at LIMIT ${limit}
      FOR UPDATE SKIP LOCKED)
    RETURNING reference, extract(epoch FROM now() - created_at)::float8 AS age`,
    );
    return rows.map((r) => ({ reference: r.reference, age: Number(r.age) }));
  }

  /** Withdrawals approved or processing, untouched for the recheck period: their transfer's fate is unknown here. */
  async stuckWithdrawals(recheckSeconds: number, limit: number): Promise<string[]> {
    const recheck = sql`make_interval(secs => ${recheckSeconds})`;
    const rows = await queryRows<{ id: string }>(
      this.db,
      sql`
    UPDATE ${withdrawals} SET swept_at = now()
    WHERE id IN (
      SELECT id FROM ${withdrawals}
      WHERE status IN ('approved', 'processing') AND updated_at < now() - ${recheck}
        AND (swept_at IS NULL OR swept_at < now() - ${recheck})
      ORDER BY updated_at LIMIT ${limit}
      FOR UPDATE SKIP LOCKED)
    RETURNING id`,
    );
    return rows.map((r) => r.id);
  }
}
