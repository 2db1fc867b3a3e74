/**
 * A cause's public ledger: money in = completed donations net of refunds, money out = paid
 * withdrawals; refunds (partial or full, and flagged payments refunded) are listed too, outside
 * the totals, so a partly refunded donation shows what it still gives plus its refund entries.
 * One UNION ALL query for the page and one for the totals, whatever the page size: no N+1. The
 * page is a merge of its parts in ledger order; the donations part, the large one, is read in that
 * order from donations_cause_ledger_idx (migration 0019), so a page reads its twenty rows and not
 * every donation of the cause. Anonymous donors' names never leave the database.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';

export interface LedgerRow {
  id: string;
  kind: 'donation' | 'withdrawal' | 'refund';
  amount: number;
  /**
   * Donations credited after an admin's review: what was pledged (amount is what was received).
   * Refunds of a donation (refunds table): what the donor paid; null for a refunded flagged payment.
   */
  pledged: number | null;
  at: Date;
  donorName: string | null;
  anonymous: boolean;
  method: 'bank' | 'mobile_money' | null;
  /** Withdrawals: the treasurers who approved it, in order (empty without treasurers). */
  approvedBy: string[];
}

export interface LedgerTotals {
  moneyIn: number;
  moneyOut: number;
  count: number;
}

/**
 * Money in and the completed donations come from cause_totals (kept by the donations trigger,
 * migration 0019), so the biggest cause reads one row, not every gift; paid withdrawals, refunds
 * and refunded flagged payments are few per cause and are read through their indexes.
 */
async function ledgerTotals(db: Db, causeId: string): Promise<LedgerTotals> {
  const [row] = await queryRows<{ money_in: string; money_out: string; n: number }>(
    db,
    sql`SELECT
    coalesce((SELECT amount FROM cause_totals WHERE cause_id = ${causeId}), 0)::text AS money_in,
    (SELECT coalesce(sum(amount), 0) FROM withdrawals WHERE cause_id = ${causeId} AND status = 'paid')::text AS money_out,
    (coalesce((SELECT donations FROM cause_totals WHERE cause_id = ${causeId}), 0)
      + (SELECT count(*) FROM donations WHERE cause_id = ${causeId} AND status = 'refunded' AND refunded_amount = 0)
      + (SELECT count(*) FROM refunds WHERE cause_id = ${causeId} AND status <> 'failed')
      + (SELECT count(*) FROM withdrawals WHERE cause_id = ${causeId} AND status = 'paid'))::int AS n`,
  );
  return { moneyIn: Number(row.money_in), moneyOut: Number(row.money_out), count: Number(row.n) };
}

const DONOR_NAME = sql.raw(`CASE WHEN d.is_anonymous THEN NULL
  ELSE coalesce(nullif(trim(d.donor_name), ''), nullif(trim(d.first_name || ' ' || d.last_name), ''), 'A donor') END`);

/**
 * Newest first; ties broken by id so pages never overlap. Refunds are listed for the record:
 * donations of a flagged payment an admin recorded as refunded (dated when resolved), and each
 * refund of a donation (dated when asked; pending ones too, their money is already spoken for).
 */
async function ledgerPage(db: Db, causeId: string, limit: number, offset: number): Promise<LedgerRow[]> {
  // Each part gives only its newest rows up to the end of the page, in ledger order: PostgreSQL
  // cannot push the outer ORDER BY … LIMIT into filtered UNION ALL parts, and would otherwise read
  // and sort every donation of the cause for twenty of them.
  const upToPage = sql`ORDER BY at DESC, id DESC LIMIT ${limit + offset}`;
  const rows = await queryRows<{
    id: string;
    kind: LedgerRow['kind'];
    amount: string;
    pledged: string | null;
    at_ms: number | string;
    donor_name: string | null;
    anonymous: boolean;
    method: 'bank' | 'mobile_money' | null;
    approved_by: string | null;
  }>(
    db,
    sql`SELECT id, kind, amount, pledged, (extract(epoch FROM at) * 1000)::float8 AS at_ms, donor_name, anonymous, method,
      -- Only the page's paid withdrawals look up their approvals (json text: both drivers read it alike).
      CASE WHEN kind = 'withdrawal' THEN (SELECT json_agg(trim(u.first_name || ' ' || u.last_name) ORDER BY a.at, a.treasurer_id)::text
        FROM withdrawal_approvals a JOIN users u ON u.id = a.treasurer_id
        WHERE a.withdrawal_id = entries.id AND a.decision = 'approved') END AS approved_by
    FROM (
      (SELECT d.id, 'donation' AS kind, (d.amount - d.refunded_amount)::text AS amount, d.pledged_amount::text AS pledged,
        coalesce(d.completed_at, d.created_at) AS at, ${DONOR_NAME} AS donor_name, d.is_anonymous AS anonymous, NULL::text AS method
      FROM donations d WHERE d.cause_id = ${causeId} AND d.status = 'completed' AND d.refunded_amount < d.amount ${upToPage})
      UNION ALL
      (SELECT w.id, 'withdrawal', w.amount::text, NULL, coalesce(w.paid_at, w.updated_at) AS at, NULL, false, w.method
      FROM withdrawals w WHERE w.cause_id = ${causeId} AND w.status = 'paid' ${upToPage})
      UNION ALL
      (SELECT d.id, 'refund', d.amount::text, NULL, coalesce(p.resolved_at, d.created_at) AS at, ${DONOR_NAME}, d.is_anonymous, NULL
      FROM donations d LEFT JOIN payments p ON p.id = d.payment_id
      WHERE d.cause_id = ${causeId} AND d.status = 'refunded' AND d.refunded_amount = 0 ${upToPage})
      UNION ALL
      (SELECT r.id, 'refund', r.amount::text, d.amount::text, r.created_at AS at, ${DONOR_NAME}, d.is_anonymous, NULL
      FROM refunds r JOIN donations d ON d.id = r.donation_id WHERE r.cause_id = ${causeId} AND r.status <> 'failed' ${upToPage})
    ) entries ORDER BY at DESC, id DESC LIMIT ${limit} OFFSET ${offset}`,
  );
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    amount: Number(r.amount),
    pledged: r.pledged === null ? null : Number(r.pledged),
    at: new Date(Number(r.at_ms)),
    donorName: r.donor_name,
    anonymous: Boolean(r.anonymous),
    method: r.method,
    approvedBy: r.approved_by ? (JSON.parse(r.approved_by) as string[]) : [],
  }));
}

export class LedgerRepo {
  constructor(private readonly db: Db) {}

  totals(causeId: string): Promise<LedgerTotals> {
    return ledgerTotals(this.db, causeId);
  }

  page(causeId: string, limit: number, offset: number): Promise<LedgerRow[]> {
    return ledgerPage(this.db, causeId, limit, offset);
  }
}
