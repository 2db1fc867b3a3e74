/**
 * A cause's statement for a date range: its credited donations (at what was paid, also when since
 * refunded), refunds and withdrawals (any status), oldest first. One UNION ALL bounded by the range on
 * every part: donations by donations_cause_completed_idx (cause_id, completed_at), refunds of credited
 * donations by refunds_cause_created_idx (migration 0014; failed ones gave the money back and are left
 * out), withdrawals by withdrawals_cause_created_idx (cause_id, created_at, migration 0013), and flagged
 * payments an admin refunded before crediting (few) by donations_cause_status_idx. Anonymous donors are "Anonymous"; an erased account's gifts already
 * read "A former donor" (account-erasure.ts). No email ever leaves the database.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';

export type StatementKind = 'donation' | 'refund' | 'withdrawal';

export interface StatementRow {
  id: string;
  kind: StatementKind;
  at: Date;
  /** null for withdrawals. */
  donor: string | null;
  reference: string | null;
  method: 'card' | 'mobile_money' | 'bank' | null;
  /** Pesewas, never negative: `kind` says which way the money went. */
  amount: number;
  status: string;
}

const DONOR = sql.raw(`CASE WHEN d.is_anonymous THEN 'Anonymous'
  ELSE coalesce(nullif(trim(d.donor_name), ''), nullif(trim(d.first_name || ' ' || d.last_name), ''), 'A donor') END`);

export class StatementsRepo {
  constructor(private readonly db: Db) {}

  /** Entries at or after `from` and before `until`, oldest first, at most `limit`. */
  async rows(causeId: string, from: Date, until: Date, limit: number): Promise<StatementRow[]> {
    const [start, end] = [from.toISOString(), until.toISOString()];
    const rows = await queryRows<{
      id: string;
      kind: StatementKind;
      at_ms: number | string;
      donor: string | null;
      reference: string | null;
      method: StatementRow['method'];
      amount: string;
      status: string;
    }>(
      this.db,
      sql`SELECT id, kind, (extract(epoch FROM at) * 1000)::float8 AS at_ms, donor, reference, method, amount, status FROM (
      SELECT d.id, 'donation' AS kind, d.completed_at AS at, ${DONOR} AS donor, d.reference, d.payment_method AS method,
        d.amount::text AS amount, d.status
      FROM donations d
      WHERE d.cause_id = ${causeId} AND d.status = 'completed' AND d.completed_at >= ${start} AND d.completed_at < ${end}
      UNION ALL
      SELECT d.id, 'donation', d.completed_at, ${DONOR}, d.reference, d.payment_method, d.amount::text, d.status
      FROM donations d
      WHERE d.cause_id = ${causeId} AND d.status = 'refunded' AND d.refunded_amount > 0
        AND d.completed_at >= ${start} AND d.completed_at < ${end}
      UNION ALL
      SELECT r.id, 'refund', r.created_at, ${DONOR}, r.reference, d.payment_method, r.amount::text, r.status
      FROM refunds r JOIN donations d ON d.id = r.donation_id
      WHERE r.cause_id = ${causeId} AND r.status <> 'failed' AND r.created_at >= ${start} AND r.created_at < ${end}
      UNION ALL
      SELECT d.id, 'refund', coalesce(p.resolved_at, d.created_at), ${DONOR}, d.reference, d.payment_method, d.amount::text, d.status
      FROM donations d LEFT JOIN payments p ON p.id = d.payment_id
      WHERE d.cause_id = ${causeId} AND d.status = 'refunded' AND d.refunded_amount = 0
        AND coalesce(p.resolved_at, d.created_at) >= ${start} AND coalesce(p.resolved_at, d.created_at) < ${end}
      UNION ALL
      SELECT w.id, 'withdrawal', w.created_at, NULL, w.reference, w.method, w.amount::text, w.status
      FROM withdrawals w
      WHERE w.cause_id = ${causeId} AND w.created_at >= ${start} AND w.created_at < ${end}
    ) entries ORDER BY at, id LIMIT ${limit}`,
    );
    return rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      at: new Date(Number(r.at_ms)),
      donor: r.donor,
      reference: r.reference,
      method: r.method,
      amount: Number(r.amount),
      status: r.status,
    }));
  }
}
