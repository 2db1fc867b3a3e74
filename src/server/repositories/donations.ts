/**
 * Read side of donations: a donor's history, platform statistics, recent
 * contributors and the admin/dashboard sums. The payments issue writes the
 * rows; only completed donations ever count as money raised.
 */
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';
import { categories, causes, donations, users } from '../db/schema';

export type DonationRow = typeof donations.$inferSelect;
export interface DonationHistoryRow extends DonationRow {
  causeTitle: string;
  organizerId: string;
  categoryName: string | null;
}

/** The same "who is the donor" key everywhere: user id, or the lowercased email for guests. */
const DONOR_KEY = sql.raw(`coalesce(donor_id::text, lower(email))`);

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
  async history(donorId: string, statuses: readonly DonationRow['status'][], limit: number, offset: number)
    : Promise<{ count: number; rows: DonationHistoryRow[] }> {
    const where = and(eq(donations.donorId, donorId), inArray(donations.status, [...statuses]));
    const rows = await this.db.select({
      d: donations, causeTitle: causes.name, organizerId: causes.organizerId, categoryName: categories.name,
    }).from(donations)
      .innerJoin(causes, eq(causes.id, donations.causeId))
      .leftJoin(categories, eq(categories.id, causes.categoryId))
      .where(where)
      .orderBy(desc(donations.createdAt), desc(donations.id)).limit(limit).offset(offset);
    const [total] = await this.db.select({ n: count() }).from(donations).where(where);
    return {
      count: Number(total.n),
      rows: rows.map((r) => ({ ...r.d, causeTitle: r.causeTitle, organizerId: r.organizerId, categoryName: r.categoryName })),
    };
  }

  async categoryName(id: string): Promise<string | null> {
    const [row] = await this.db.select({ name: categories.name }).from(categories).where(eq(categories.id, id)).limit(1);
    return row?.name ?? null;
  }

  async platformTotals(): Promise<PlatformTotals> {
    const [money] = await queryRows<{ raised: string; donations: number; donors: number }>(this.db, sql`
      SELECT coalesce(sum(amount), 0)::text AS raised, count(*)::int AS donations, count(DISTINCT ${DONOR_KEY})::int AS donors
      FROM ${donations} WHERE status = 'completed'`);
    const [states] = await queryRows<{ completed: number; active: number }>(this.db, sql`
      SELECT count(*) FILTER (WHERE status = 'completed')::int AS completed, count(*) FILTER (WHERE status = 'active')::int AS active
      FROM ${causes}`);
    return {
      raised: Number(money.raised), donations: money.donations, donors: money.donors,
      causesCompleted: states.completed, causesActive: states.active,
    };
  }

  /** Recent named donors (anonymous donations never appear), one row per donor, newest first. */
  async contributors(limit: number): Promise<ContributorRow[]> {
    return queryRows<ContributorRow>(this.db, sql`
      SELECT g.key, g.donor_id, u.first_name, u.last_name, g.donor_name, u.profile_picture, g.country, g.amount, g.last_donated_at
      FROM (
        SELECT ${DONOR_KEY} AS key, (array_agg(donor_id))[1] AS donor_id,
               (array_agg(donor_name ORDER BY completed_at DESC))[1] AS donor_name,
               (array_agg(country ORDER BY completed_at DESC) FILTER (WHERE country <> ''))[1] AS country,
               sum(amount)::bigint AS amount, max(completed_at) AS last_donated_at
        FROM ${donations}
        WHERE status = 'completed' AND is_anonymous = false
        GROUP BY 1
      ) g LEFT JOIN ${users} u ON u.id = g.donor_id
      ORDER BY g.last_donated_at DESC, g.key
      LIMIT ${limit}`);
  }

  /** Completed pesewas and counts per UTC day of a month (only days with donations). */
  async dailyTotals(month: string): Promise<{ day: string; amount: number; count: number }[]> {
    const { start, end } = monthRange(month);
    const rows = await queryRows<{ day: string; amount: string; count: number }>(this.db, sql`
      SELECT to_char(completed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, sum(amount)::text AS amount, count(*)::int AS count
      FROM ${donations}
      WHERE status = 'completed' AND completed_at >= ${start} AND completed_at < ${end}
      GROUP BY 1`);
    return rows.map((r) => ({ day: r.day, amount: Number(r.amount), count: r.count }));
  }

  /** Months (YYYY-MM, UTC) in which any donation was made or completed, newest first. */
  async months(where?: ReturnType<typeof sql>): Promise<string[]> {
    const rows = await queryRows<{ month: string }>(this.db, sql`
      SELECT DISTINCT to_char(coalesce(completed_at, created_at) AT TIME ZONE 'UTC', 'YYYY-MM') AS month
      FROM ${donations} ${where ? sql`WHERE ${where}` : sql``} ORDER BY 1 DESC`);
    return rows.map((r) => r.month);
  }

  async latestPending(limit: number) {
    return this.db.select({
      id: donations.id, causeId: donations.causeId, causeTitle: causes.name, amount: donations.amount,
      email: donations.email, createdAt: donations.createdAt,
    }).from(donations).innerJoin(causes, eq(causes.id, donations.causeId))
      .where(eq(donations.status, 'pending')).orderBy(desc(donations.createdAt), desc(donations.id)).limit(limit);
  }

  /** Completed pesewas and count in a month, optionally for one donor or one organizer's causes. */
  async monthSum(month: string, filter: { donorId?: string; organizerId?: string } = {}): Promise<{ amount: number; count: number }> {
    const { start, end } = monthRange(month);
    const [row] = await this.db.select({ amount: sql<string>`coalesce(sum(${donations.amount}), 0)::text`, n: count() })
      .from(donations).innerJoin(causes, eq(causes.id, donations.causeId))
      .where(and(
        eq(donations.status, 'completed'),
        sql`${donations.completedAt} >= ${start} AND ${donations.completedAt} < ${end}`,
        filter.donorId ? eq(donations.donorId, filter.donorId) : undefined,
        filter.organizerId ? eq(causes.organizerId, filter.organizerId) : undefined,
      ));
    return { amount: Number(row.amount), count: Number(row.n) };
  }
}
