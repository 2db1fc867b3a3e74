/**
 * Treasurers of a cause and their decisions on withdrawals. Invitations are checked under the
 * cause's row lock (so two concurrent invites cannot make a 4th treasurer); a decision locks the
 * withdrawal row first, so concurrent approvals are counted one after the other and the move to
 * requested (or rejected) happens exactly once.
 */
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';
import { causes, causeTreasurers, users, withdrawalApprovals, withdrawals } from '../db/schema';
import { english } from '../lib/localize';
import { notify } from './notifications';

export const MAX_TREASURERS = 3;

export type TreasurerStatus = (typeof causeTreasurers.$inferSelect)['status'];
export type Decision = (typeof withdrawalApprovals.$inferSelect)['decision'];

export interface TreasurerView {
  userId: string;
  email: string;
  name: string;
  /** The treasurer's language (null: not chosen): their mails speak it. */
  locale: string | null;
  status: TreasurerStatus;
  invitedAt: Date;
  acceptedAt: Date | null;
}

export interface InvitationView {
  causeId: string;
  causeTitle: string;
  organizerName: string;
  invitedAt: Date;
}

export interface DecisionView {
  withdrawalId: string;
  treasurerId: string;
  name: string;
  decision: Decision;
  at: Date;
}

export type InviteOutcome = { kind: 'ok'; treasurer: TreasurerView } | { kind: 'not_found' | 'unknown_email' | 'self' | 'exists' | 'full' };

export interface Tally {
  approvals: number;
  rejections: number;
  needed: number;
  /** Accepted treasurers now. */
  voters: number;
}

export type DecideOutcome =
  { kind: 'not_found' | 'not_treasurer' | 'not_awaiting' | 'already' } | ({ kind: 'ok'; causeId: string } & Tally);

const NAME = sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`;

/** More than half of the accepted treasurers: 1 of 1, 2 of 2, 2 of 3. */
export const majorityOf = (voters: number) => Math.floor(voters / 2) + 1;

function selectTreasurers(db: Db) {
  return db
    .select({
      userId: causeTreasurers.userId,
      email: users.email,
      name: NAME,
      locale: users.locale,
      status: causeTreasurers.status,
      invitedAt: causeTreasurers.invitedAt,
      acceptedAt: causeTreasurers.acceptedAt,
    })
    .from(causeTreasurers)
    .innerJoin(users, eq(users.id, causeTreasurers.userId));
}

async function oneTreasurer(db: Db, causeId: string, userId: string): Promise<TreasurerView | null> {
  const [row] = await selectTreasurers(db)
    .where(and(eq(causeTreasurers.causeId, causeId), eq(causeTreasurers.userId, userId)))
    .limit(1);
  return row ?? null;
}

/** A cause's accepted treasurers; inside a transaction (a withdrawal request) pass its handle. */
export function acceptedTreasurers(db: Db, causeId: string): Promise<TreasurerView[]> {
  return selectTreasurers(db).where(and(eq(causeTreasurers.causeId, causeId), eq(causeTreasurers.status, 'accepted')));
}

export class TreasurersRepo {
  constructor(private readonly db: Db) {}

  /** Invites a registered user by email; the invitee is notified in the same transaction. */
  async invite(causeId: string, email: string): Promise<InviteOutcome> {
    return this.db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      const [cause] = await tx
        .select({ id: causes.id, name: causes.name, organizerId: causes.organizerId })
        .from(causes)
        .where(eq(causes.id, causeId))
        .for('update')
        .limit(1);
      if (!cause) return { kind: 'not_found' } as const;
      const [user] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`, sql`${users.deletedAt} IS NULL`, eq(users.isActive, true)))
        .limit(1);
      if (!user) return { kind: 'unknown_email' } as const;
      if (user.id === cause.organizerId) return { kind: 'self' } as const;
      const current = await tx.select({ userId: causeTreasurers.userId }).from(causeTreasurers).where(eq(causeTreasurers.causeId, causeId));
      if (current.some((t) => t.userId === user.id)) return { kind: 'exists' } as const;
      if (current.length >= MAX_TREASURERS) return { kind: 'full' } as const;
      await tx.insert(causeTreasurers).values({ causeId, userId: user.id });
      await notify(tx, user.id, {
        title: english('server.notice.treasurerInvited.title'),
        message: english('server.notice.treasurerInvited.message', { cause: cause.name }),
        causeId,
        kind: 'treasurer_invitation',
      });
      return { kind: 'ok', treasurer: (await oneTreasurer(tx, causeId, user.id))! } as const;
    });
  }

  private select() {
    return selectTreasurers(this.db);
  }

  async one(causeId: string, userId: string): Promise<TreasurerView | null> {
    return oneTreasurer(this.db, causeId, userId);
  }

  /** Oldest invitation first. */
  list(causeId: string): Promise<TreasurerView[]> {
    return this.select().where(eq(causeTreasurers.causeId, causeId)).orderBy(asc(causeTreasurers.invitedAt), asc(causeTreasurers.userId));
  }

  /** The caller's part in a cause: null when none. */
  async statusOf(causeId: string, userId: string): Promise<TreasurerStatus | null> {
    const [row] = await this.db
      .select({ status: causeTreasurers.status })
      .from(causeTreasurers)
      .where(and(eq(causeTreasurers.causeId, causeId), eq(causeTreasurers.userId, userId)))
      .limit(1);
    return row?.status ?? null;
  }

  /** Accepted treasurers with their email, for the notice of a new withdrawal request. */
  accepted(causeId: string): Promise<TreasurerView[]> {
    return acceptedTreasurers(this.db, causeId);
  }

  async remove(causeId: string, userId: string): Promise<boolean> {
    const rows = await this.db
      .delete(causeTreasurers)
      .where(and(eq(causeTreasurers.causeId, causeId), eq(causeTreasurers.userId, userId)))
      .returning({ userId: causeTreasurers.userId });
    return rows.length > 0;
  }

  /** Pending invitations of a user, newest first. */
  invitations(userId: string): Promise<InvitationView[]> {
    return queryRows<{ cause_id: string; cause_title: string; organizer_name: string; invited_at: Date | string }>(
      this.db,
      sql`SELECT t.cause_id, c.name AS cause_title, trim(u.first_name || ' ' || u.last_name) AS organizer_name, t.invited_at
        FROM ${causeTreasurers} t JOIN ${causes} c ON c.id = t.cause_id JOIN ${users} u ON u.id = c.organizer_id
        WHERE t.user_id = ${userId} AND t.status = 'invited' ORDER BY t.invited_at DESC, t.cause_id`,
    ).then((rows) =>
      rows.map((r) => ({
        causeId: r.cause_id,
        causeTitle: r.cause_title,
        organizerName: r.organizer_name,
        invitedAt: new Date(r.invited_at),
      })),
    );
  }

  /** invited → accepted (guarded), or a declined invitation deleted; the organizer hears either way. */
  async respond(causeId: string, userId: string, accept: boolean): Promise<boolean> {
    return this.db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      const mine = and(eq(causeTreasurers.causeId, causeId), eq(causeTreasurers.userId, userId), eq(causeTreasurers.status, 'invited'));
      const rows = accept
        ? await tx
            .update(causeTreasurers)
            .set({ status: 'accepted', acceptedAt: sql`now()` })
            .where(mine)
            .returning()
        : await tx.delete(causeTreasurers).where(mine).returning();
      if (rows.length === 0) return false;
      const [info] = await queryRows<{ organizer_id: string; cause: string; name: string }>(
        tx,
        sql`SELECT c.organizer_id, c.name AS cause, trim(u.first_name || ' ' || u.last_name) AS name
          FROM ${causes} c, ${users} u WHERE c.id = ${causeId} AND u.id = ${userId}`,
      );
      await notify(tx, info.organizer_id, {
        title: english(accept ? 'server.notice.treasurerAccepted.title' : 'server.notice.treasurerDeclined.title'),
        message: english(
          accept
            ? info.name
              ? 'server.notice.treasurerAccepted.message'
              : 'server.notice.treasurerAccepted.messageUnnamed'
            : info.name
              ? 'server.notice.treasurerDeclined.message'
              : 'server.notice.treasurerDeclined.messageUnnamed',
          { name: info.name, cause: info.cause },
        ),
        causeId,
      });
      return true;
    });
  }

  /**
   * Records one treasurer's decision on an awaiting withdrawal. Call inside a transaction: the
   * withdrawal row is locked (FOR UPDATE) so concurrent decisions are counted in turn and only
   * the one that completes a majority sees it; the caller then moves the withdrawal.
   */
  async decide(withdrawalId: string, treasurerId: string, decision: Decision): Promise<DecideOutcome> {
    const [w] = await this.db
      .select({ causeId: withdrawals.causeId, status: withdrawals.status })
      .from(withdrawals)
      .where(eq(withdrawals.id, withdrawalId))
      .for('update')
      .limit(1);
    if (!w) return { kind: 'not_found' };
    if ((await this.statusOf(w.causeId, treasurerId)) !== 'accepted') return { kind: 'not_treasurer' };
    if (w.status !== 'awaiting_treasurers') return { kind: 'not_awaiting' };
    const inserted = await this.db
      .insert(withdrawalApprovals)
      .values({ withdrawalId, treasurerId, decision })
      .onConflictDoNothing()
      .returning({ at: withdrawalApprovals.at });
    if (inserted.length === 0) return { kind: 'already' };
    return { kind: 'ok', causeId: w.causeId, ...(await this.tally(withdrawalId, w.causeId)) };
  }

  private async tally(withdrawalId: string, causeId: string): Promise<Tally> {
    const [{ voters }] = await this.db
      .select({ voters: count() })
      .from(causeTreasurers)
      .where(and(eq(causeTreasurers.causeId, causeId), eq(causeTreasurers.status, 'accepted')));
    const rows = await this.db
      .select({ decision: withdrawalApprovals.decision, n: count() })
      .from(withdrawalApprovals)
      .where(eq(withdrawalApprovals.withdrawalId, withdrawalId))
      .groupBy(withdrawalApprovals.decision);
    const of = (d: Decision) => Number(rows.find((t) => t.decision === d)?.n ?? 0);
    const n = Number(voters);
    return { approvals: of('approved'), rejections: of('rejected'), needed: majorityOf(n), voters: n };
  }

  /** Withdrawals of a cause still waiting for its treasurers (to count again after one leaves). */
  async awaiting(causeId: string): Promise<string[]> {
    const rows = await this.db
      .select({ id: withdrawals.id })
      .from(withdrawals)
      .where(and(eq(withdrawals.causeId, causeId), eq(withdrawals.status, 'awaiting_treasurers')));
    return rows.map((r) => r.id);
  }

  /** The tally of an awaiting withdrawal under its row lock (call inside a transaction); null once it moved on. */
  async recount(withdrawalId: string): Promise<Tally | null> {
    const [w] = await this.db
      .select({ causeId: withdrawals.causeId, status: withdrawals.status })
      .from(withdrawals)
      .where(eq(withdrawals.id, withdrawalId))
      .for('update')
      .limit(1);
    return w?.status === 'awaiting_treasurers' ? this.tally(withdrawalId, w.causeId) : null;
  }

  /** Every decision on these withdrawals (one query for a page), oldest first. */
  async decisions(withdrawalIds: string[]): Promise<DecisionView[]> {
    if (withdrawalIds.length === 0) return [];
    return this.db
      .select({
        withdrawalId: withdrawalApprovals.withdrawalId,
        treasurerId: withdrawalApprovals.treasurerId,
        name: NAME,
        decision: withdrawalApprovals.decision,
        at: withdrawalApprovals.at,
      })
      .from(withdrawalApprovals)
      .innerJoin(users, eq(users.id, withdrawalApprovals.treasurerId))
      .where(inArray(withdrawalApprovals.withdrawalId, withdrawalIds))
      .orderBy(asc(withdrawalApprovals.at), asc(withdrawalApprovals.treasurerId));
  }

  async acceptedCount(causeId: string): Promise<number> {
    const [{ n }] = await this.db
      .select({ n: count() })
      .from(causeTreasurers)
      .where(and(eq(causeTreasurers.causeId, causeId), eq(causeTreasurers.status, 'accepted')));
    return Number(n);
  }
}
