/** Browsers' Web Push subscriptions: one row per endpoint, owned by the last user who subscribed it. */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { pushSubscriptions } from '../db/schema';

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

export interface PushSubscriptionInput {
  endpoint: string;
  p256dh: string;
  auth: string;
  userAgent: string;
}

export class PushSubscriptionsRepo {
  constructor(private readonly db: Db) {}

  /**
   * Upsert by endpoint. A browser has one endpoint whoever is signed in, so the row moves
   * to the caller (a shared phone: the previous user stops getting pushes on it).
   */
  async upsert(userId: string, input: PushSubscriptionInput): Promise<PushSubscriptionRow> {
    const values = { userId, endpoint: input.endpoint, p256dh: input.p256dh, auth: input.auth, userAgent: input.userAgent };
    const [row] = await this.db
      .insert(pushSubscriptions)
      .values(values)
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { userId, p256dh: input.p256dh, auth: input.auth, userAgent: input.userAgent },
      })
      .returning();
    return row;
  }

  /** Only the caller's own row; true when one was removed. */
  async removeOwn(userId: string, endpoint: string): Promise<boolean> {
    const rows = await this.db
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
      .returning({ id: pushSubscriptions.id });
    return rows.length > 0;
  }

  async forUser(userId: string): Promise<PushSubscriptionRow[]> {
    return this.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
  }

  /** The push service said the subscription is gone (404/410). */
  async remove(id: string): Promise<void> {
    await this.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
  }

  async touch(id: string): Promise<void> {
    await this.db
      .update(pushSubscriptions)
      .set({ lastUsedAt: sql`now()` })
      .where(eq(pushSubscriptions.id, id));
  }
}
