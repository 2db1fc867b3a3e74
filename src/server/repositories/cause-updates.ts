/**
 * A cause's updates (news its organizer posts) and its donors' words of support, with who is told
 * of a new update. Anonymous donors' names never leave the database.
 */
import { and, count, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { causeUpdates, donations, payments, users, type ImageSizes } from '../db/schema';

export type CauseUpdateRow = typeof causeUpdates.$inferSelect;

export interface CauseUpdateView extends CauseUpdateRow {
  authorName: string;
}

export interface NewCauseUpdate {
  causeId: string;
  authorId: string;
  body: string;
  image: ImageSizes | null;
}

export interface SupportMessageRow {
  id: string;
  message: string;
  donorName: string | null;
  at: Date;
}

/** An address a donation was given from, with the name given then (for the greeting). */
export interface DonorAddress {
  email: string;
  name: string;
  /** Their account's language, else the language of their latest gift (null: neither known). */
  locale: string | null;
}

const visibleMessages = (causeId: string) =>
  and(eq(donations.causeId, causeId), eq(donations.status, 'completed'), isNotNull(donations.message), isNull(donations.messageHiddenAt));

const PUBLIC_DONOR_NAME = sql<string | null>`CASE WHEN ${donations.isAnonymous} THEN NULL
  ELSE coalesce(nullif(trim(${donations.donorName}), ''), nullif(trim(${donations.firstName} || ' ' || ${donations.lastName}), ''), 'A donor') END`;

export class CauseUpdatesRepo {
  constructor(private readonly db: Db) {}

  async create(input: NewCauseUpdate): Promise<CauseUpdateRow> {
    const [row] = await this.db.insert(causeUpdates).values(input).returning();
    return row;
  }

  /** Newest first; ties broken by id so pages never overlap. */
  async page(causeId: string, limit: number, offset: number): Promise<{ count: number; rows: CauseUpdateView[] }> {
    const rows = await this.db
      .select({ u: causeUpdates, authorName: sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})` })
      .from(causeUpdates)
      .innerJoin(users, eq(users.id, causeUpdates.authorId))
      .where(eq(causeUpdates.causeId, causeId))
      .orderBy(desc(causeUpdates.createdAt), desc(causeUpdates.id))
      .limit(limit)
      .offset(offset);
    const [total] = await this.db.select({ n: count() }).from(causeUpdates).where(eq(causeUpdates.causeId, causeId));
    return { count: Number(total.n), rows: rows.map((r) => ({ ...r.u, authorName: r.authorName })) };
  }

  /** Accounts that completed a donation to the cause, each once. */
  async donorUserIds(causeId: string): Promise<string[]> {
    const rows = await this.db
      .selectDistinct({ id: donations.donorId })
      .from(donations)
      .where(and(eq(donations.causeId, causeId), eq(donations.status, 'completed'), isNotNull(donations.donorId)));
    return rows.map((r) => r.id!);
  }

  /** Every address (lowercased) a completed donation to the cause came from, registered or guest, each once. */
  async donorAddresses(causeId: string): Promise<DonorAddress[]> {
    const email = sql<string>`lower(${donations.email})`;
    const rows = await this.db
      .selectDistinctOn([email], {
        email,
        name: donations.firstName,
        locale: sql<string | null>`coalesce(${users.locale}, ${payments.locale})`,
      })
      .from(donations)
      .leftJoin(users, eq(users.id, donations.donorId))
      .leftJoin(payments, eq(payments.id, donations.paymentId))
      .where(and(eq(donations.causeId, causeId), eq(donations.status, 'completed')))
      .orderBy(email, desc(donations.completedAt));
    return rows;
  }

  /** Visible words of support of completed donations, newest first. */
  async messages(causeId: string, limit: number, offset: number): Promise<{ count: number; rows: SupportMessageRow[] }> {
    const rows = await this.db
      .select({
        id: donations.id,
        message: donations.message,
        donorName: PUBLIC_DONOR_NAME,
        at: sql<Date>`coalesce(${donations.completedAt}, ${donations.createdAt})`.mapWith(donations.createdAt),
      })
      .from(donations)
      .where(visibleMessages(causeId))
      .orderBy(desc(donations.completedAt), desc(donations.id))
      .limit(limit)
      .offset(offset);
    const [total] = await this.db.select({ n: count() }).from(donations).where(visibleMessages(causeId));
    return { count: Number(total.n), rows: rows.map((r) => ({ ...r, message: r.message! })) };
  }

  /** false when the cause has no donation with that id carrying a message. Hiding twice keeps the first time. */
  async hideMessage(causeId: string, donationId: string): Promise<boolean> {
    const [row] = await this.db
      .update(donations)
      .set({ messageHiddenAt: sql`coalesce(${donations.messageHiddenAt}, now())` })
      .where(and(eq(donations.id, donationId), eq(donations.causeId, causeId), isNotNull(donations.message)))
      .returning({ id: donations.id });
    return !!row;
  }
}
