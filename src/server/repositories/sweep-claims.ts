/**
 * The sweeper's claims: which stuck payments and withdrawals this process re-checks now.
 * One statement per kind marks a batch as swept (swept_at = now()) and returns it. The
 * batch is chosen once in a MATERIALIZED CTE (as `id IN (SELECT … LIMIT … FOR UPDATE SKIP LOCKED)`
 * the planner may run the inner query again per row and mark more than it returns); its
 * SELECT … FOR UPDATE SKIP LOCKED means processes claiming at the same moment take
 * disjoint rows without waiting for each other, and once a claim commits its rows are not
 * due again until the recheck period has passed: each item is checked by one process.
 * (Settling stays exactly-once on its own: these claims only spare the provider duplicate calls.)
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';
import { causes, payments, withdrawals } from '../db/schema';

export interface ClaimedPayment {
  reference: string;
  /** Seconds since the payment started. */
  age: number;
}

/** A cause the deadline sweep just closed (or completed), as the messages about it need it. */
export interface EndedCause {
  id: string;
  name: string;
  organizerId: string;
  status: 'closed' | 'completed';
  /** Pesewas. */
  raised: number;
  goal: number;
  endDate: string;
}

export class SweepClaimsRepo {
  constructor(private readonly db: Db) {}

  async stalePayments(provider: string, recheckSeconds: number, limit: number): Promise<ClaimedPayment[]> {
    const recheck = sql`make_interval(secs => ${recheckSeconds})`;
    const rows = await queryRows<{ reference: string; age: number }>(
      this.db,
      sql`
    WITH due AS MATERIALIZED (
      SELECT id FROM ${payments}
      WHERE status = 'pending' AND provider = ${provider} AND created_at < now() - ${recheck}
        AND (swept_at IS NULL OR swept_at < now() - ${recheck})
      ORDER BY created_at LIMIT ${limit}
      FOR UPDATE SKIP LOCKED)
    UPDATE ${payments} SET swept_at = now() FROM due WHERE ${payments}.id = due.id
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
    WITH due AS MATERIALIZED (
      SELECT id FROM ${withdrawals}
      WHERE status IN ('approved', 'processing') AND updated_at < now() - ${recheck}
        AND (swept_at IS NULL OR swept_at < now() - ${recheck})
      ORDER BY updated_at LIMIT ${limit}
      FOR UPDATE SKIP LOCKED)
    UPDATE ${withdrawals} SET swept_at = now() FROM due WHERE ${withdrawals}.id = due.id
    RETURNING ${withdrawals}.id`,
    );
    return rows.map((r) => r.id);
  }

  /**
   * Ends active causes whose end date (a UTC day) is over, and answers them. Unlike the claims above
   * this is the decision itself: the guarded UPDATE (still active) flips each row once, so the caller
   * runs it in the transaction that also tells people, and they hear it once however many processes
   * sweep. A cause a settlement is crediting right now is locked: skipped, and ended next sweep.
   * A goal reached counts as completed (creditCause usually got there first), any other as closed.
   * The claim is a materialized CTE, not `id IN (… LIMIT)`: a planner may rescan such a subquery
   * per outer row and update more rows than it returns for a caller to announce.
   */
  async endedCauses(limit: number): Promise<EndedCause[]> {
    const rows = await queryRows<{
      id: string;
      name: string;
      organizer_id: string;
      status: EndedCause['status'];
      raised: string;
      goal: string;
      end_date: string;
    }>(
      this.db,
      sql`
    WITH due AS MATERIALIZED (
      SELECT id FROM ${causes}
      WHERE status = 'active' AND end_date IS NOT NULL AND end_date < (now() AT TIME ZONE 'UTC')::date
      ORDER BY end_date, id LIMIT ${limit}
      FOR UPDATE SKIP LOCKED)
    UPDATE ${causes} SET updated_at = now(),
      status = CASE WHEN target_amount > 0 AND current_amount >= target_amount THEN 'completed' ELSE 'closed' END
    FROM due WHERE ${causes}.id = due.id AND ${causes}.status = 'active'
    RETURNING ${causes}.id, name, organizer_id, status, current_amount::text AS raised, target_amount::text AS goal, end_date::text AS end_date`,
    );
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      organizerId: r.organizer_id,
      status: r.status,
      raised: Number(r.raised),
      goal: Number(r.goal),
      endDate: r.end_date,
    }));
  }
}
