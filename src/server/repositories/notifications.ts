/**
 * In-app notifications. notify() takes any Db (or transaction) so an event
 * and its notification commit together; the realtime issue will push the
 * same rows over the socket.
 */
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { causes, notifications, users } from '../db/schema';

export interface NotificationInput {
  title: string;
  message: string;
  causeId?: string | null;
}

export type NotificationView = typeof notifications.$inferSelect & { causeTitle: string | null };

export async function notify(db: Db, userId: string, input: NotificationInput): Promise<void> {
  await db.insert(notifications).values({ userId, title: input.title, message: input.message, causeId: input.causeId ?? null });
}

/** One notification per active admin, in a single INSERT … SELECT. */
export async function notifyAdmins(db: Db, input: NotificationInput): Promise<void> {
  await db.execute(sql`
    INSERT INTO ${notifications} (user_id, title, message, cause_id)
    SELECT ${users.id}, ${input.title}, ${input.message}, ${input.causeId ?? null}::uuid FROM ${users}
    WHERE ${users.role} = 'admin' AND ${users.isActive} = true`);
}

export class NotificationsRepo {
  constructor(private readonly db: Db) {}

  private select() {
    return this.db.select({ n: notifications, causeTitle: causes.name }).from(notifications)
      .leftJoin(causes, eq(causes.id, notifications.causeId));
  }

  async list(userId: string, limit: number, offset: number): Promise<{ count: number; rows: NotificationView[] }> {
    const rows = await this.select().where(eq(notifications.userId, userId))
      .orderBy(desc(notifications.createdAt), desc(notifications.id)).limit(limit).offset(offset);
    const [total] = await this.db.select({ n: count() }).from(notifications).where(eq(notifications.userId, userId));
    return { count: Number(total.n), rows: rows.map((r) => ({ ...r.n, causeTitle: r.causeTitle })) };
  }

  async unreadCount(userId: string): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)));
    return Number(row.n);
  }

  /** null when the notification does not exist or belongs to someone else. */
  async markRead(userId: string, id: string): Promise<NotificationView | null> {
    const [row] = await this.db.update(notifications).set({ isRead: true })
      .where(and(eq(notifications.id, id), eq(notifications.userId, userId))).returning({ id: notifications.id });
    if (!row) return null;
    const [view] = await this.select().where(eq(notifications.id, id)).limit(1);
    return { ...view.n, causeTitle: view.causeTitle };
  }

  async markAllRead(userId: string): Promise<number> {
    const rows = await this.db.update(notifications).set({ isRead: true })
      .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false))).returning({ id: notifications.id });
    return rows.length;
  }
}
