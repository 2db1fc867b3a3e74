/** Newsletter sign-ups: one row per address, idempotent, each with its own unsubscribe token. */
import { randomBytes } from 'node:crypto';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { newsletterSubscribers } from '../db/schema';

export class NewsletterRepo {
  constructor(private readonly db: Db) {}

  /** 'created' for a new (or returning, after unsubscribing) subscriber, 'existing' otherwise. */
  async subscribe(email: string): Promise<'created' | 'existing'> {
    const inserted = await this.db
      .insert(newsletterSubscribers)
      .values({ email, unsubscribeToken: randomBytes(24).toString('base64url') })
      .onConflictDoNothing()
      .returning({ id: newsletterSubscribers.id });
    if (inserted.length > 0) return 'created';
    const revived = await this.db
      .update(newsletterSubscribers)
      .set({ unsubscribedAt: null })
      .where(and(eq(newsletterSubscribers.email, email), isNotNull(newsletterSubscribers.unsubscribedAt)))
      .returning({ id: newsletterSubscribers.id });
    return revived.length > 0 ? 'created' : 'existing';
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
}
