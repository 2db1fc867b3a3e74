/**
 * What an operator asks of the database: is it there, is its schema this build's, and how much work
 * is waiting (the readiness check and the gauges of GET /metrics, read on each scrape). Each query is
 * bounded by an index or a small set of rows, so a scrape every few seconds costs little however
 * many donations the database holds.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';
import { mailOutbox, payments, withdrawals } from '../db/schema';

export interface OutboxDepth {
  /** 'mail' or 'sms'. */
  channel: string;
  /** Messages waiting to go: pending (due now or after a retry wait) or being sent. */
  depth: number;
  /** Seconds since the oldest of them was queued; 0 when none waits. */
  oldestSeconds: number;
}

export interface StatusCount {
  status: string;
  count: number;
}

/** Statuses a payment waits in: the provider's answer (pending) or an admin's review (flagged). */
export const OPEN_PAYMENT_STATUSES = ['pending', 'flagged'] as const;
/** Statuses a withdrawal waits in before it is paid, failed or rejected. */
export const WAITING_WITHDRAWAL_STATUSES = ['awaiting_treasurers', 'requested', 'approved', 'processing'] as const;

const textArray = (values: readonly string[]) =>
  sql`ARRAY[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::text[]`;

export class ServiceStatusRepo {
  constructor(private readonly db: Db) {}

  /** Throws when the database does not answer. */
  async ping(): Promise<void> {
    await this.db.execute(sql`SELECT 1`);
  }

  /** The migrations among `tags` (this build's journal) that the database has not applied. */
  async missingMigrations(tags: readonly string[]): Promise<string[]> {
    if (tags.length === 0) return [];
    const rows = await queryRows<{ tag: string }>(
      this.db,
      sql`SELECT t.tag FROM unnest(${textArray(tags)}) AS t(tag)
      WHERE NOT EXISTS (SELECT 1 FROM boafo_migrations m WHERE m.tag = t.tag)`,
    );
    return rows.map((row) => row.tag);
  }

  /** Each outbox channel's waiting messages (mail and SMS share the table: migration 0023's `channel`). */
  async outboxes(): Promise<OutboxDepth[]> {
    const rows = await queryRows<{ channel: string; depth: string; oldest: number | null }>(
      this.db,
      sql`SELECT ${mailOutbox.channel} AS channel, count(*)::text AS depth,
        extract(epoch FROM now() - min(${mailOutbox.createdAt}))::float8 AS oldest
      FROM ${mailOutbox} WHERE ${mailOutbox.status} IN ('pending', 'sending') GROUP BY 1`,
    );
    const found = rows.map((row) => ({
      channel: row.channel,
      depth: Number(row.depth),
      oldestSeconds: Math.max(0, Number(row.oldest ?? 0)),
    }));
    // Both channels are always reported, at 0 when nothing waits, so a dashboard has a line to draw.
    for (const channel of ['mail', 'sms'])
      if (!found.some((row) => row.channel === channel)) found.push({ channel, depth: 0, oldestSeconds: 0 });
    return found;
  }

  /** Payments waiting on something (any age), per status in OPEN_PAYMENT_STATUSES (0s included). */
  async openPayments(): Promise<StatusCount[]> {
    return this.countPerStatus(OPEN_PAYMENT_STATUSES, sql`TRUE`);
  }

  /**
   * Payments started in the last 24 hours, by their status now: the failure rate of the day without
   * counting every payment ever made on each scrape (one index range per status).
   */
  async paymentsLastDay(statuses: readonly string[]): Promise<StatusCount[]> {
    return this.countPerStatus(statuses, sql`p.created_at > now() - interval '1 day'`);
  }

  /** Withdrawals not yet paid, failed or rejected, per status (0s included). */
  async waitingWithdrawals(): Promise<StatusCount[]> {
    const rows = await queryRows<{ status: string; count: string }>(
      this.db,
      sql`SELECT status, count(*)::text AS count FROM ${withdrawals}
      WHERE status = ANY(${textArray(WAITING_WITHDRAWAL_STATUSES)}) GROUP BY status`,
    );
    return everyStatus(WAITING_WITHDRAWAL_STATUSES, rows);
  }

  /**
   * How far behind the sweeper is: seconds since the longest-waiting item became due a re-check (a
   * pending payment of `provider` or a withdrawal in flight, by the same rules the sweeper claims
   * with), 0 when nothing is overdue.
   */
  async sweeperOverdueSeconds(provider: string, paymentRecheckSeconds: number, withdrawalRecheckSeconds: number): Promise<number> {
    const paymentRecheck = sql`make_interval(secs => ${paymentRecheckSeconds})`;
    const withdrawalRecheck = sql`make_interval(secs => ${withdrawalRecheckSeconds})`;
    const [row] = await queryRows<{ overdue: number | null }>(
      this.db,
      sql`SELECT extract(epoch FROM now() - least(
        (SELECT min(greatest(created_at, coalesce(swept_at, created_at))) + ${paymentRecheck} FROM ${payments}
          WHERE status = 'pending' AND provider = ${provider}),
        (SELECT min(greatest(updated_at, coalesce(swept_at, updated_at))) + ${withdrawalRecheck} FROM ${withdrawals}
          WHERE status IN ('approved', 'processing'))))::float8 AS overdue`,
    );
    return Math.max(0, Number(row?.overdue ?? 0));
  }

  /** One index range per status (payments_status_created_idx leads with the status). */
  private async countPerStatus(statuses: readonly string[], where: ReturnType<typeof sql>): Promise<StatusCount[]> {
    const rows = await queryRows<{ status: string; count: string }>(
      this.db,
      sql`SELECT status, count(*)::text AS count FROM ${payments} p
      WHERE status = ANY(${textArray(statuses)}) AND ${where} GROUP BY status`,
    );
    return everyStatus(statuses, rows);
  }
}

/** A count for every status asked about, 0 where no row has it. */
function everyStatus(statuses: readonly string[], rows: { status: string; count: string }[]): StatusCount[] {
  const found = new Map(rows.map((row) => [row.status, Number(row.count)]));
  return statuses.map((status) => ({ status, count: found.get(status) ?? 0 }));
}
