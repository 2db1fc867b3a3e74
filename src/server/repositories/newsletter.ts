/**
 * Newsletter sign-ups with double opt-in: one row per address, each with its own unsubscribe token.
 * An address receives issues only after its owner followed the confirm link (only the link token's
 * sha256 is stored) and until they unsubscribe.
 */
import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { newsletterIssues, newsletterSubscribers } from '../db/schema';

export interface Subscription {
  /** 'created' for a new (or returning, after unsubscribing) subscriber, 'existing' otherwise. */
  status: 'created' | 'existing';
  /** The address is not confirmed yet: a confirm link with the token given to subscribe() is due. */
  needsConfirmation: boolean;
  unsubscribeToken: string;
}

export type NewsletterIssueRow = typeof newsletterIssues.$inferSelect;

export class NewsletterRepo {
  constructor(private readonly db: Db) {}

  /**
   * Subscribes `email`; an unconfirmed address gets `confirmTokenHash` as its current confirm link. `locale`: the
   * language of the request, which the subscriber's mails speak (kept when they come back in another).
   */
  async subscribe(email: string, confirmTokenHash: string, locale: string | null = null): Promise<Subscription> {
    const [inserted] = await this.db
      .insert(newsletterSubscribers)
      .values({ email, unsubscribeToken: randomBytes(24).toString('base64url'), confirmTokenHash, locale })
      .onConflictDoNothing()
      .returning({ token: newsletterSubscribers.unsubscribeToken });
    if (inserted) return { status: 'created', needsConfirmation: true, unsubscribeToken: inserted.token };
    const [row] = await this.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email)).limit(1).for('update');
    if (row.confirmedAt && !row.unsubscribedAt)
      return { status: 'existing', needsConfirmation: false, unsubscribeToken: row.unsubscribeToken };
    // Coming back after unsubscribing means consenting again: confirmed anew.
    await this.db
      .update(newsletterSubscribers)
      .set({ unsubscribedAt: null, confirmedAt: null, confirmTokenHash, ...(locale ? { locale } : {}) })
      .where(eq(newsletterSubscribers.id, row.id));
    return { status: row.unsubscribedAt ? 'created' : 'existing', needsConfirmation: true, unsubscribeToken: row.unsubscribeToken };
  }

  /** false for an unknown or already used link. */
  async confirm(confirmTokenHash: string): Promise<boolean> {
    const rows = await this.db
      .update(newsletterSubscribers)
      .set({ confirmedAt: sql`now()`, confirmTokenHash: null })
      .where(and(eq(newsletterSubscribers.confirmTokenHash, confirmTokenHash), isNull(newsletterSubscribers.unsubscribedAt)))
      .returning({ id: newsletterSubscribers.id });
    return rows.length > 0;
  }

  /** false for an unknown token; unsubscribing twice is fine. */
  async unsubscribe(token: string): Promise<boolean> {
    const rows = await this.db
      .update(newsletterSubscribers)
      .set({ unsubscribedAt: sql`coalesce(${newsletterSubscribers.unsubscribedAt}, now())` })
      .where(eq(newsletterSubscribers.unsubscribeToken, token))
      .returning({ id: newsletterSubscribers.id });
    return rows.length > 0;
  }

  async tokenFor(email: string): Promise<string | null> {
    const [row] = await this.db
      .select({ token: newsletterSubscribers.unsubscribeToken })
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, email))
      .limit(1);
    return row?.token ?? null;
  }

  async confirmedCount(): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(newsletterSubscribers)
      .where(and(isNotNull(newsletterSubscribers.confirmedAt), isNull(newsletterSubscribers.unsubscribedAt)));
    return Number(row.n);
  }

  async recordIssue(issue: { subject: string; body: string; sentBy: string; recipients: number }): Promise<NewsletterIssueRow> {
    const [row] = await this.db.insert(newsletterIssues).values(issue).returning();
    return row;
  }

  async issues(limit: number, offset: number): Promise<{ total: number; rows: NewsletterIssueRow[] }> {
    const [rows, [{ total }]] = await Promise.all([
      this.db
        .select()
        .from(newsletterIssues)
        .orderBy(desc(newsletterIssues.createdAt), desc(newsletterIssues.id))
        .limit(limit)
        .offset(offset),
      this.db.select({ total: count() }).from(newsletterIssues),
    ]);
    return { total: Number(total), rows };
  }
}
