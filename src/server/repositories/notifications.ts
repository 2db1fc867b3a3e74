/**
 * In-app notifications. notify() and notifyAdmins() take any Db or transaction, so an event
 * and its notification commit together, and they are the ONLY way to create one: the same
 * statement issues pg_notify(NOTIFICATIONS_CHANNEL, {id, user_id, origin, row}), which PostgreSQL
 * delivers to every server process on commit (never for a rollback). Each process then pushes
 * the row to its own sockets, and the originating one sends Web Push (plugins/app/realtime.ts).
 * Callers (payments, causes, payouts…) need nothing else.
 */
import { and, count, desc, eq, gte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { queryRows } from '../db/client';
import type { NotificationKind } from '../../shared/contract/account';
import { causes, donations, notifications, users } from '../db/schema';

export const NOTIFICATIONS_CHANNEL = 'boafo_notifications';

/** The row as NOTIFY carries it (so listeners need no query); snake_case as json_build_object writes it. */
export interface SignalRow {
  title: string;
  message: string;
  kind: NotificationKind;
  cause_id: string | null;
  cause_title: string | null;
  is_read: boolean;
  created_at: string;
}

/** What NOTIFY carries. PostgreSQL caps payloads below 8000 bytes: a longer row is left out and loaded by id. */
export interface NotificationSignal {
  id: string;
  user_id: string;
  /** application_name of the session that created it: that process sends the Web Push, once. */
  origin: string;
  row?: SignalRow;
}

const MAX_SIGNAL_BYTES = 7900;

export interface NotificationInput {
  title: string;
  message: string;
  causeId?: string | null;
  /** 'general' unless the app must act on it (shared/contract/account.ts). */
  kind?: NotificationKind;
}

export type NotificationView = typeof notifications.$inferSelect & { causeTitle: string | null };

/** INSERT … RETURNING, then one pg_notify per inserted row, in a single statement (atomic even without a tx). */
async function insertAndSignal(db: Db, insert: SQL): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`
    WITH inserted AS (${insert} RETURNING id, user_id, title, message, kind, cause_id, is_read, created_at),
    signals AS (
      SELECT i.id,
        json_build_object('id', i.id, 'user_id', i.user_id, 'origin', current_setting('application_name'))::jsonb AS slim,
        json_build_object('title', i.title, 'message', i.message, 'kind', i.kind, 'cause_id', i.cause_id, 'cause_title', c.name,
          'is_read', i.is_read, 'created_at', i.created_at)::jsonb AS row
      FROM inserted i LEFT JOIN ${causes} c ON c.id = i.cause_id)
    SELECT id, pg_notify(${NOTIFICATIONS_CHANNEL}, CASE
      WHEN octet_length((slim || jsonb_build_object('row', row))::text) <= ${MAX_SIGNAL_BYTES} THEN (slim || jsonb_build_object('row', row))::text
      ELSE slim::text END) AS sent
    FROM signals`,
  );
  return rows.map((r) => r.id);
}

/** Creates one notification for a user; returns its id. */
export async function notify(db: Db, userId: string, input: NotificationInput): Promise<string> {
  const [id] = await insertAndSignal(
    db,
    sql`
    INSERT INTO ${notifications} (user_id, title, message, cause_id, kind)
    VALUES (${userId}::uuid, ${input.title}, ${input.message}, ${input.causeId ?? null}::uuid, ${input.kind ?? 'general'})`,
  );
  return id;
}

/** One notification per active admin, in a single INSERT … SELECT. */
export async function notifyAdmins(db: Db, input: NotificationInput): Promise<void> {
  await insertAndSignal(
    db,
    sql`
    INSERT INTO ${notifications} (user_id, title, message, cause_id)
    SELECT ${users.id}, ${input.title}, ${input.message}, ${input.causeId ?? null}::uuid FROM ${users}
    WHERE ${users.role} = 'admin' AND ${users.isActive} = true`,
  );
}

export class NotificationsRepo {
  constructor(private readonly db: Db) {}

  /** notify() through this repository's connection (inside repos.transaction: that transaction). */
  toUser(userId: string, input: NotificationInput): Promise<string> {
    return notify(this.db, userId, input);
  }

  /**
   * One notification per account that completed a donation to the cause (each once, however many
   * gifts), in a single INSERT … SELECT whatever their number. `except`: someone told otherwise.
   * Answers how many were created.
   */
  async toCauseDonors(causeId: string, input: NotificationInput, except: string | null = null): Promise<number> {
    const ids = await insertAndSignal(
      this.db,
      sql`
    INSERT INTO ${notifications} (user_id, title, message, cause_id)
    SELECT DISTINCT ${donations.donorId}, ${input.title}, ${input.message}, ${causeId}::uuid FROM ${donations}
    WHERE ${donations.causeId} = ${causeId} AND ${donations.status} = 'completed' AND ${donations.donorId} IS NOT NULL
      AND ${donations.donorId} IS DISTINCT FROM ${except}::uuid`,
    );
    return ids.length;
  }

  /** notifyAdmins() through this repository's connection. */
  toAdmins(input: NotificationInput): Promise<void> {
    return notifyAdmins(this.db, input);
  }

  private select() {
    return this.db
      .select({ n: notifications, causeTitle: causes.name })
      .from(notifications)
      .leftJoin(causes, eq(causes.id, notifications.causeId));
  }

  /** Newest first; `since` keeps rows created at or after it (a reconnecting client's catch-up). */
  async list(
    userId: string,
    limit: number,
    offset: number,
    since: Date | null = null,
  ): Promise<{ count: number; rows: NotificationView[] }> {
    const where = and(eq(notifications.userId, userId), since ? gte(notifications.createdAt, since) : undefined);
    const rows = await this.select()
      .where(where)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(limit)
      .offset(offset);
    const [total] = await this.db.select({ n: count() }).from(notifications).where(where);
    return { count: Number(total.n), rows: rows.map((r) => ({ ...r.n, causeTitle: r.causeTitle })) };
  }

  /** One of the user's notifications (null when gone), as the socket sends it. */
  async byId(id: string): Promise<NotificationView | null> {
    const [view] = await this.select().where(eq(notifications.id, id)).limit(1);
    return view ? { ...view.n, causeTitle: view.causeTitle } : null;
  }

  async unreadCount(userId: string): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)));
    return Number(row.n);
  }

  /** null when the notification does not exist or belongs to someone else. */
  async markRead(userId: string, id: string): Promise<NotificationView | null> {
    const [row] = await this.db
      .update(notifications)
      .set({ isRead: true })
      .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
      .returning({ id: notifications.id });
    if (!row) return null;
    const [view] = await this.select().where(eq(notifications.id, id)).limit(1);
    return { ...view.n, causeTitle: view.causeTitle };
  }

  async markAllRead(userId: string): Promise<number> {
    const rows = await this.db
      .update(notifications)
      .set({ isRead: true })
      .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)))
      .returning({ id: notifications.id });
    return rows.length;
  }
}
