/**
 * Causes: the list/detail query (organizer, category and donor count joined in
 * one statement, no N+1), writes, review transitions and creditCause, the
 * completion rule the payments flow calls inside its own transaction.
 */
import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { categories, causeReviews, causes, favorites, platformCounters, users, type ImageSizes } from '../db/schema';
import { english } from '../lib/localize';
import { notify } from './notifications';

export type CauseRow = typeof causes.$inferSelect;
export type CauseStatus = CauseRow['status'];
export type CauseChanges = Partial<
  Pick<
    typeof causes.$inferInsert,
    | 'name'
    | 'description'
    | 'organizerId'
    | 'categoryId'
    | 'location'
    | 'targetAmount'
    | 'acceptsDonationsAfterGoal'
    | 'coverImage'
    | 'endDate'
  >
>;

export interface CauseView extends CauseRow {
  organizerName: string;
  categoryName: string | null;
  /** Set only when the query knew who is asking. */
  isFavorite?: boolean;
}

/** Statuses anyone may see; the organizer and admins also see the others. */
export const PUBLIC_STATUSES: CauseStatus[] = ['active', 'completed'];

export function acceptsDonations(status: CauseStatus, afterGoal: boolean): boolean {
  return status === 'active' || (status === 'completed' && afterGoal);
}

export const organizerNameSql = sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`;

export interface ListOptions {
  where?: SQL;
  orderBy: SQL[];
  limit: number;
  offset: number;
  /** Adds isFavorite for this user. */
  viewerId?: string | null;
  /** Only this user's favorites (the favorites page). */
  favoritesOf?: string;
}

function selection(viewerId: string | null | undefined) {
  const isFavorite = viewerId
    ? sql<boolean>`EXISTS (SELECT 1 FROM favorites f WHERE f.user_id = ${viewerId} AND f.cause_id = "causes"."id")`
    : sql<null>`NULL`;
  return {
    cause: causes,
    organizerName: organizerNameSql,
    categoryName: categories.name,
    isFavorite,
  };
}

type Selected = { cause: CauseRow; organizerName: string; categoryName: string | null; isFavorite: boolean | null };

function toView(row: Selected): CauseView {
  const view: CauseView = { ...row.cause, organizerName: row.organizerName, categoryName: row.categoryName };
  if (row.isFavorite !== null) view.isFavorite = Boolean(row.isFavorite);
  return view;
}

export class CausesRepo {
  constructor(private readonly db: Db) {}

  /**
   * One page of causes. A deferred join: the page's ids come from the sort's index alone (skipped
   * rows are index entries, never fetched), then only those rows are read with their joins.
   */
  async list(opts: ListOptions): Promise<{ count: number; rows: CauseView[] }> {
    const where = opts.favoritesOf ? and(opts.where, eq(favorites.userId, opts.favoritesOf)) : opts.where;
    const idQuery = this.db.select({ id: causes.id }).from(causes);
    const scoped = opts.favoritesOf ? idQuery.innerJoin(favorites, eq(favorites.causeId, causes.id)) : idQuery;
    const [page, [total]] = await Promise.all([
      scoped
        .where(where)
        .orderBy(...opts.orderBy)
        .limit(opts.limit)
        .offset(opts.offset),
      (opts.favoritesOf
        ? this.db.select({ n: count() }).from(causes).innerJoin(favorites, eq(favorites.causeId, causes.id))
        : this.db.select({ n: count() }).from(causes)
      ).where(where),
    ]);
    if (page.length === 0) return { count: Number(total.n), rows: [] };
    const ids = page.map((row) => row.id);
    const found = await this.db
      .select(selection(opts.viewerId))
      .from(causes)
      .innerJoin(users, eq(users.id, causes.organizerId))
      .leftJoin(categories, eq(categories.id, causes.categoryId))
      .where(inArray(causes.id, ids));
    const byId = new Map((found as Selected[]).map((row) => [row.cause.id, toView(row)]));
    return { count: Number(total.n), rows: ids.map((id) => byId.get(id)).filter((row): row is CauseView => !!row) };
  }

  async findView(id: string, viewerId?: string | null): Promise<CauseView | null> {
    const [row] = await this.db
      .select(selection(viewerId))
      .from(causes)
      .innerJoin(users, eq(users.id, causes.organizerId))
      .leftJoin(categories, eq(categories.id, causes.categoryId))
      .where(eq(causes.id, id))
      .limit(1);
    return row ? toView(row as Selected) : null;
  }

  async find(id: string): Promise<CauseRow | null> {
    const [row] = await this.db.select().from(causes).where(eq(causes.id, id)).limit(1);
    return row ?? null;
  }

  async create(values: CauseChanges & { name: string; description: string; organizerId: string }): Promise<CauseRow> {
    const [row] = await this.db
      .insert(causes)
      .values({ ...values, status: 'under_review' })
      .returning();
    return row;
  }

  /**
   * Applies changes only while the status is one of `allowed` (checked in the
   * UPDATE itself, so a concurrent approval cannot be overwritten); null otherwise.
   * resubmit: a rejected cause goes back to under_review with its reason cleared.
   */
  async update(id: string, changes: CauseChanges, allowed: readonly CauseStatus[], resubmit: boolean): Promise<CauseRow | null> {
    const set: Record<string, unknown> = { ...changes, updatedAt: sql`now()` };
    // Decided in SQL from the status the row has at write time, not the one read earlier.
    if (resubmit) {
      Object.assign(set, {
        status: sql`CASE WHEN ${causes.status} = 'rejected' THEN 'under_review' ELSE ${causes.status} END`,
        rejectionReason: sql`CASE WHEN ${causes.status} = 'rejected' THEN NULL ELSE ${causes.rejectionReason} END`,
      });
    }
    const [row] = await this.db
      .update(causes)
      .set(set)
      .where(and(eq(causes.id, id), inArray(causes.status, [...allowed])))
      .returning();
    return row ?? null;
  }

  /** from → to, only if the cause is still in one of `from`; null when it was not. */
  async transition(id: string, from: readonly CauseStatus[], to: CauseStatus): Promise<CauseRow | null> {
    const [row] = await this.db
      .update(causes)
      .set({ status: to, updatedAt: sql`now()` })
      .where(and(eq(causes.id, id), inArray(causes.status, [...from])))
      .returning();
    return row ?? null;
  }

  /** Approve or reject an under_review cause, record the decision and tell the organizer, atomically. */
  async review(id: string, adminId: string, decision: 'approved' | 'rejected', reason: string | null): Promise<CauseRow | null> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(causes)
        .set({
          status: decision === 'approved' ? 'active' : 'rejected',
          rejectionReason: decision === 'rejected' ? reason : null,
          reviewedAt: sql`now()`,
          reviewedBy: adminId,
          updatedAt: sql`now()`,
        })
        .where(and(eq(causes.id, id), eq(causes.status, 'under_review')))
        .returning();
      if (!row) return null;
      await tx.insert(causeReviews).values({ causeId: id, decision, reason, reviewedBy: adminId });
      await notify(
        tx as unknown as Db,
        row.organizerId,
        decision === 'approved'
          ? {
              title: english('server.notice.causeApproved.title'),
              message: english('server.notice.causeApproved.message', { cause: row.name }),
              causeId: id,
            }
          : {
              title: english('server.notice.causeNotApproved.title'),
              message: english('server.notice.causeNotApproved.message', { cause: row.name, reason }),
              causeId: id,
            },
      );
      return row;
    });
  }

  /** Accepted and rejected decisions since a moment, and causes waiting now. */
  async reviewTotals(since: Date): Promise<{ accepted: number; rejected: number; pending: number }> {
    const decided = await this.db
      .select({ decision: causeReviews.decision, n: count() })
      .from(causeReviews)
      .where(sql`${causeReviews.reviewedAt} >= ${since.toISOString()}`)
      .groupBy(causeReviews.decision);
    const [pending] = await this.db.select({ n: count() }).from(causes).where(eq(causes.status, 'under_review'));
    const of = (d: string) => Number(decided.find((r) => r.decision === d)?.n ?? 0);
    return { accepted: of('approved'), rejected: of('rejected'), pending: Number(pending.n) };
  }

  /** Causes per status: one organizer's by index, the platform's from the counters a trigger keeps (0008). */
  async countByStatus(organizerId?: string): Promise<Record<CauseStatus, number>> {
    const rows = organizerId
      ? await this.db
          .select({ status: causes.status, n: count() })
          .from(causes)
          .where(eq(causes.organizerId, organizerId))
          .groupBy(causes.status)
      : (
          await this.db
            .select({ name: platformCounters.name, n: platformCounters.value })
            .from(platformCounters)
            .where(sql`${platformCounters.name} LIKE 'causes\_%'`)
        ).map((row) => ({ status: row.name.slice('causes_'.length) as CauseStatus, n: row.n }));
    const totals = { under_review: 0, active: 0, rejected: 0, closed: 0, completed: 0 } as Record<CauseStatus, number>;
    for (const row of rows) if (row.status in totals) totals[row.status] = Number(row.n);
    return totals;
  }

  /** Up to `limit` of a user's causes, newest first, limited to `statuses` when given. */
  async namesOf(organizerId: string, statuses: CauseStatus[] | null, limit: number) {
    return this.db
      .select({ id: causes.id, name: causes.name, status: causes.status })
      .from(causes)
      .where(and(eq(causes.organizerId, organizerId), statuses ? inArray(causes.status, statuses) : undefined))
      .orderBy(desc(causes.createdAt), desc(causes.id))
      .limit(limit);
  }
}

export interface CreditResult {
  currentAmount: number;
  status: CauseStatus;
  /** True when this credit moved the cause from active to completed. */
  completedNow: boolean;
}

/**
 * Adds a completed donation's pesewas to a cause inside the caller's
 * transaction. One UPDATE does both the sum and the active → completed flip,
 * so two donations finishing together cannot both miss (or both fire) it.
 * A target of 0 means "no goal": such causes never complete by themselves.
 */
export async function creditCause(tx: Db, causeId: string, pesewas: number): Promise<CreditResult | null> {
  if (!Number.isSafeInteger(pesewas) || pesewas <= 0) throw new RangeError('creditCause needs a positive whole number of pesewas.');
  const [before] = await tx.select({ status: causes.status }).from(causes).where(eq(causes.id, causeId)).for('update').limit(1);
  if (!before) return null;
  const [row] = await tx
    .update(causes)
    .set({
      currentAmount: sql`${causes.currentAmount} + ${pesewas}`,
      status: sql`CASE WHEN ${causes.status} = 'active' AND ${causes.targetAmount} > 0
      AND ${causes.currentAmount} + ${pesewas} >= ${causes.targetAmount} THEN 'completed' ELSE ${causes.status} END`,
      updatedAt: sql`now()`,
    })
    .where(eq(causes.id, causeId))
    .returning();
  const completedNow = before.status === 'active' && row.status === 'completed';
  if (completedNow) {
    await notify(tx, row.organizerId, {
      title: english('server.notice.goalReached.title'),
      message: english('server.notice.goalReached.message', { cause: row.name }),
      causeId,
    });
  }
  return { currentAmount: row.currentAmount, status: row.status, completedNow };
}

export type { ImageSizes };
