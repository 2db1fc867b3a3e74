/**
 * Read side of donations: a donor's history, platform statistics, recent
 * contributors and the admin/dashboard sums. The payments issue writes the
 * rows; only completed donations ever count as money raised.
 */
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';
import { categories, causes, donationDays, donations, platformCounters, platformDonors, users } from '../db/schema';

export type DonationRow = typeof donations.$inferSelect;
export interface DonationHistoryRow extends DonationRow {
  causeTitle: string;
  organizerId: string;
  categoryName: string | null;
}

export interface PlatformTotals {
  raised: number;
  donations: number;
  donors: number;
  causesCompleted: number;
  causesActive: number;
}

export interface ContributorRow {
  key: string;
  donor_id: string | null;
  first_name: string | null;
  last_name: string | null;
  donor_name: string;
  profile_picture: Record<string, string> | null;
  /** The country the donor gave on their latest donation that named one, or null. */
  country: string | null;
  amount: number;
  last_donated_at: Date | string;
}

/** 'YYYY-MM' → [first instant, first instant of the next month) in UTC. */
export function monthRange(month: string): { start: string; end: string } {
  const [y, m] = month.split('-').map(Number);
  return { start: new Date(Date.UTC(y, m - 1, 1)).toISOString(), end: new Date(Date.UTC(y, m, 1)).toISOString() };
}

export class DonationsRepo {
  constructor(private readonly db: Db) {}

  /** One donor's donations of the given statuses, newest first. */
  async history(
    donorId: string,
    statuses: readonly DonationRow['status'][],
    limit: number,
    offset: number,
  ): Promise<{ count: number; rows: DonationHistoryRow[] }> {
    const where = and(eq(donations.donorId, donorId), inArray(donations.status, [...statuses]));
    const rows = await this.db
      .select({
        d: donations,
        causeTitle: causes.name,
        organizerId: causes.organizerId,
        categoryName: categories.name,
      })
      .from(donations)
      .innerJoin(causes, eq(causes.id, donations.causeId))
      .leftJoin(categories, eq(categories.id, causes.categoryId))
      .where(where)
      .orderBy(desc(donations.createdAt), desc(donations.id))
      .limit(limit)
      .offset(offset);
    const [total] = await this.db.select({ n: count() }).from(donations).where(where);
    return {
      count: Number(total.n),
      rows: rows.map((r) => ({ ...r.d, causeTitle: r.causeTitle, organizerId: r.organizerId, categoryName: r.categoryName })),
    };
  }

  /** A donor's completed donations whose completion falls in `year` (UTC), oldest first. */
  async completedInYear(donorId: string, year: number) {
    const start = new Date(Date.UTC(year, 0, 1));
    const end = new Date(Date.UTC(year + 1, 0, 1));
    const completedAt = sql`coalesce(${donations.completedAt}, ${donations.createdAt})`;
    const rows = await this.db
      .select({
        // What the donation still gives after its refunds.
        amount: sql<number>`${donations.amount} - ${donations.refundedAmount}`.mapWith(Number),
        reference: donations.reference,
        causeTitle: causes.name,
        completedAt: sql<Date | string>`${completedAt}`,
      })
      .from(donations)
      .innerJoin(causes, eq(causes.id, donations.causeId))
      .where(
        and(
          eq(donations.donorId, donorId),
          eq(donations.status, 'completed'),
          sql`${completedAt} >= ${start.toISOString()}`,
          sql`${completedAt} < ${end.toISOString()}`,
        ),
      )
      .orderBy(sql`${completedAt}`, donations.id);
    return rows.map((r) => ({ ...r, completedAt: new Date(r.completedAt) }));
  }

  async categoryName(id: string): Promise<string | null> {
    const [row] = await this.db.select({ name: categories.name }).from(categories).where(eq(categories.id, id)).limit(1);
    return row?.name ?? null;
  }

  /** From the counters the donations trigger keeps (migration 0008): a few rows, never all donations. */
  async platformTotals(): Promise<PlatformTotals> {
    const [money] = await queryRows<{ raised: string; donations: number; donors: string | null }>(
      this.db,
      sql`
      SELECT coalesce(sum(amount), 0)::text AS raised, coalesce(sum(donations), 0)::int AS donations,
             (SELECT value FROM ${platformCounters} WHERE name = 'donors')::text AS donors
      FROM ${donationDays}`,
    );
    const states = await queryRows<{ name: string; n: string }>(
      this.db,
      sql`
      SELECT name, value::text AS n FROM ${platformCounters} WHERE name IN ('causes_completed', 'causes_active')`,
    );
    const of = (name: string) => Number(states.find((row) => row.name === name)?.n ?? 0);
    return {
      raised: Number(money.raised),
      donations: money.donations,
      donors: Number(money.donors ?? 0),
      causesCompleted: of('causes_completed'),
      causesActive: of('causes_active'),
    };
  }

  /**
   * Recent named donors (anonymous donations never appear), one row per donor, newest first: the
   * newest entries of platform_donors' index, then each one's latest named donation for the name
   * and country it was given with.
   */
  async contributors(limit: number): Promise<ContributorRow[]> {
    return queryRows<ContributorRow>(
      this.db,
      sql`
      SELECT p.donor_key AS key, latest.donor_id, u.first_name, u.last_name, latest.donor_name, u.profile_picture,
             (SELECT nullif(c.country, '') FROM ${donations} c
               WHERE coalesce(c.donor_id::text, lower(c.email)) = p.donor_key AND c.status = 'completed'
                 AND NOT c.is_anonymous AND c.country <> ''
               ORDER BY c.completed_at DESC LIMIT 1) AS country,
             p.named_amount AS amount, p.last_named_at AS last_donated_at
      FROM (
        SELECT * FROM ${platformDonors} WHERE named_donations > 0
        ORDER BY last_named_at DESC, donor_key LIMIT ${limit}
      ) p
      CROSS JOIN LATERAL (
        SELECT d.donor_id, d.donor_name FROM ${donations} d
        WHERE coalesce(d.donor_id::text, lower(d.email)) = p.donor_key AND d.status = 'completed' AND NOT d.is_anonymous
        ORDER BY d.completed_at DESC LIMIT 1
      ) latest
      LEFT JOIN ${users} u ON u.id = latest.donor_id
      ORDER BY p.last_named_at DESC, p.donor_key`,
    );
  }

  /** Completed pesewas and counts per UTC day of a month (only days with donations). */
  async dailyTotals(month: string): Promise<{ day: string; amount: number; count: number }[]> {
    const { start, end } = monthRange(month);
    const rows = await queryRows<{ day: string; amount: string; count: number }>(
      this.db,
      sql`
      SELECT to_char(day, 'YYYY-MM-DD') AS day, amount::text AS amount, donations AS count
      FROM ${donationDays}
      WHERE day >= ${start.slice(0, 10)}::date AND day < ${end.slice(0, 10)}::date AND donations > 0`,
    );
    return rows.map((r) => ({ day: r.day, amount: Number(r.amount), count: r.count }));
  }

  /**
   * Months (YYYY-MM, UTC) in which any donation was made or completed, newest first: completed
   * months from the day counters, and only pending donations read one by one.
   */
  async months(): Promise<string[]> {
    const rows = await queryRows<{ month: string }>(
      this.db,
      sql`
      SELECT to_char(day, 'YYYY-MM') AS month FROM ${donationDays} WHERE donations > 0
      UNION SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM') FROM ${donations} WHERE status = 'pending'
      ORDER BY 1 DESC`,
    );
    return rows.map((r) => r.month);
  }

  /**
   * Months with a donation the user made or one to the user's causes. Two index reads joined by
   * UNION: written as one OR over both, the planner can only read every donation.
   */
  async activeMonthsOf(userId: string): Promise<string[]> {
    const month = sql.raw(`to_char(coalesce(d.completed_at, d.created_at) AT TIME ZONE 'UTC', 'YYYY-MM')`);
    const rows = await queryRows<{ month: string }>(
      this.db,
      sql`
      SELECT ${month} AS month FROM ${donations} d WHERE d.donor_id = ${userId}
      UNION SELECT ${month} FROM ${causes} c JOIN ${donations} d ON d.cause_id = c.id WHERE c.organizer_id = ${userId}
      ORDER BY 1 DESC`,
    );
    return rows.map((r) => r.month);
  }

  async latestPending(limit: number) {
    return this.db
      .select({
        id: donations.id,
        causeId: donations.causeId,
        causeTitle: causes.name,
        amount: donations.amount,
        email: donations.email,
        createdAt: donations.createdAt,
      })
      .from(donations)
      .innerJoin(causes, eq(causes.id, donations.causeId))
      .where(eq(donations.status, 'pending'))
      .orderBy(desc(donations.createdAt), desc(donations.id))
      .limit(limit);
  }

  /** Completed pesewas and count in a month, optionally for one donor or one organizer's causes. */
  async monthSum(month: string, filter: { donorId?: string; organizerId?: string } = {}): Promise<{ amount: number; count: number }> {
    const { start, end } = monthRange(month);
    if (!filter.donorId && !filter.organizerId) {
      const [days] = await queryRows<{ amount: string; n: number }>(
        this.db,
        sql`
        SELECT coalesce(sum(amount), 0)::text AS amount, coalesce(sum(donations), 0)::int AS n FROM ${donationDays}
        WHERE day >= ${start.slice(0, 10)}::date AND day < ${end.slice(0, 10)}::date`,
      );
      return { amount: Number(days.amount), count: Number(days.n) };
    }
    const [row] = await this.db
      .select({ amount: sql<string>`coalesce(sum(${donations.amount} - ${donations.refundedAmount}), 0)::text`, n: count() })
      .from(donations)
      .innerJoin(causes, eq(causes.id, donations.causeId))
      .where(
        and(
          eq(donations.status, 'completed'),
          sql`${donations.completedAt} >= ${start} AND ${donations.completedAt} < ${end}`,
          filter.donorId ? eq(donations.donorId, filter.donorId) : undefined,
          filter.organizerId ? eq(causes.organizerId, filter.organizerId) : undefined,
        ),
      );
    return { amount: Number(row.amount), count: Number(row.n) };
  }
}
