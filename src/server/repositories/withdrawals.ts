/**
 * Withdrawals: the balance of a cause, requests (checked against that balance under a
 * row lock on the cause), the lists, and every status change, each a guarded UPDATE
 * (WHERE status IN …) that commits together with the organizer's notification.
 */
import { and, count, desc, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { WithdrawalDetails, WithdrawalStatus } from '../../shared/contract/payouts';
import type { NotificationKind } from '../../shared/contract/account';
import { queryRows, type Db } from '../db/client';
import { causes, users, withdrawals } from '../db/schema';
import { notify, notifyAdmins } from './notifications';
import { acceptedTreasurers } from './treasurers';

export type WithdrawalRow = typeof withdrawals.$inferSelect;

export interface WithdrawalView extends WithdrawalRow {
  causeTitle: string;
  organizerName: string;
  organizerEmail: string;
  /** The organizer's language (null: not chosen): the mails about it speak it. */
  organizerLocale: string | null;
}

/** Money a withdrawal holds while it is on its way: it is not available to another request. */
export const IN_FLIGHT: WithdrawalStatus[] = ['awaiting_treasurers', 'requested', 'approved', 'processing'];
const IN_FLIGHT_SQL = sql.raw(IN_FLIGHT.map((s) => `'${s}'`).join(', '));

export interface Balance {
  raised: number;
  withdrawn: number;
  pending: number;
  /**
   * Donations paid less than CARD_HOLD_HOURS ago by anything but mobile money (card, another channel, or
   * one the provider did not name): raised, not yet withdrawable.
   */
  held: number;
  /**
   * Paid back to donors, never part of raised: refunds (pending ones included, they are already
   * spoken for) and flagged payments an admin recorded as refunded (refunded_amount 0, whole amount).
   */
  refunded: number;
  available: number;
}

/**
 * raised = completed donations net of their refunds, withdrawn = paid withdrawals, pending = in flight, held = recent money
 * that can still be charged back, all pesewas; available = raised − withdrawn − pending − held. Held follows how the
 * money was really paid (payment_method is the provider's channel once a payment succeeds, payments/paid-method.ts):
 * only mobile money is free at once. Gifts recorded without a provider charge (no payment: the demo seed) hold nothing.
 * The held sum reads only the cause's completed donations of the last hours, on the (cause_id, completed_at) partial index.
 */
async function causeBalance(db: Db, causeId: string, holdHours: number): Promise<Balance> {
  const [row] = await queryRows<{ raised: string; withdrawn: string; pending: string; held: string; refunded: string }>(
    db,
    sql`SELECT
    (SELECT coalesce(sum(amount - refunded_amount), 0) FROM donations WHERE cause_id = ${causeId} AND status = 'completed')::text AS raised,
    (SELECT coalesce(sum(amount), 0) FROM withdrawals WHERE cause_id = ${causeId} AND status = 'paid')::text AS withdrawn,
    (SELECT coalesce(sum(amount), 0) FROM withdrawals WHERE cause_id = ${causeId}
      AND status IN (${IN_FLIGHT_SQL}))::text AS pending,
    (SELECT coalesce(sum(amount - refunded_amount), 0) FROM donations WHERE cause_id = ${causeId} AND status = 'completed'
      AND payment_id IS NOT NULL AND payment_method IS DISTINCT FROM 'mobile_money'
      AND completed_at > now() - make_interval(hours => ${holdHours}))::text AS held,
    (SELECT coalesce(sum(CASE WHEN status = 'refunded' AND refunded_amount = 0 THEN amount ELSE refunded_amount END), 0)
      FROM donations WHERE cause_id = ${causeId} AND status IN ('completed', 'refunded'))::text AS refunded`,
  );
  const [raised, withdrawn, pending, held, refunded] = [row.raised, row.withdrawn, row.pending, row.held, row.refunded].map(Number);
  return { raised, withdrawn, pending, held, refunded, available: raised - withdrawn - pending - held };
}

/** `treasurers`: who must approve it first (accepted treasurers of the cause), empty when nobody. */
export type RequestOutcome =
  | { kind: 'ok'; row: WithdrawalRow; treasurers: { id: string; email: string; name: string; locale: string | null }[] }
  | { kind: 'not_found' }
  | { kind: 'insufficient'; available: number; held: number };

/** A notification's words, written by the caller (payouts/withdrawal-notices.ts): this repository only stores them. */
export interface Notice {
  title: string;
  message: string;
  kind?: NotificationKind;
}

/** The words for a new request, given the cause's name read under its lock. */
export type RequestNotices = (cause: string) => { admins: Notice; treasurers: Notice };

export interface RequestInput {
  causeId: string;
  organizerId: string;
  amount: number;
  destination: WithdrawalDetails;
  reference: string;
  notices: RequestNotices;
}

export class WithdrawalsRepo {
  constructor(
    private readonly db: Db,
    private readonly cardHoldHours = 0,
  ) {}

  /** What the cause has raised, paid out, holds in flight and may still withdraw. */
  balance(causeId: string): Promise<Balance> {
    return causeBalance(this.db, causeId, this.cardHoldHours);
  }

  /**
   * One transaction: lock the cause row (SELECT … FOR UPDATE), compute what is available,
   * insert the request only if it fits, tell the admins. Concurrent requests for the same
   * cause queue on the lock and each sees the ones committed before it, so none can overdraw.
   */
  async request(input: RequestInput): Promise<RequestOutcome> {
    return this.db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      const [cause] = await tx
        .select({ id: causes.id, name: causes.name })
        .from(causes)
        .where(eq(causes.id, input.causeId))
        .for('update')
        .limit(1);
      if (!cause) return { kind: 'not_found' } as const;
      const { available, held } = await causeBalance(tx, cause.id, this.cardHoldHours);
      if (input.amount > available) return { kind: 'insufficient', available: Math.max(0, available), held } as const;
      // Read under the cause's lock: an invitation accepted after this point applies to the next request.
      const treasurers = (await acceptedTreasurers(tx, cause.id)).map((t) => ({
        id: t.userId,
        email: t.email,
        name: t.name,
        locale: t.locale,
      }));
      const [row] = await tx
        .insert(withdrawals)
        .values({
          causeId: cause.id,
          organizerId: input.organizerId,
          amount: input.amount,
          status: treasurers.length > 0 ? 'awaiting_treasurers' : 'requested',
          method: input.destination.type,
          destination: input.destination,
          reference: input.reference,
        })
        .returning();
      const notices = input.notices(cause.name);
      if (treasurers.length === 0) {
        await notifyAdmins(tx, { ...notices.admins, causeId: cause.id });
      }
      for (const t of treasurers) {
        await notify(tx, t.id, { ...notices.treasurers, causeId: cause.id });
      }
      return { kind: 'ok', row, treasurers } as const;
    });
  }

  private views() {
    return this.db
      .select({
        w: withdrawals,
        causeTitle: causes.name,
        organizerEmail: users.email,
        organizerName: sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`,
        organizerLocale: users.locale,
      })
      .from(withdrawals)
      .innerJoin(causes, eq(causes.id, withdrawals.causeId))
      .innerJoin(users, eq(users.id, withdrawals.organizerId));
  }

  private static toView(r: {
    w: WithdrawalRow;
    causeTitle: string;
    organizerEmail: string;
    organizerName: string;
    organizerLocale: string | null;
  }): WithdrawalView {
    const { w, ...view } = r;
    return { ...w, ...view };
  }

  async findView(id: string): Promise<WithdrawalView | null> {
    const [row] = await this.views().where(eq(withdrawals.id, id)).limit(1);
    return row ? WithdrawalsRepo.toView(row) : null;
  }

  async findByReference(reference: string): Promise<WithdrawalRow | null> {
    const [row] = await this.db.select().from(withdrawals).where(eq(withdrawals.reference, reference)).limit(1);
    return row ?? null;
  }

  /** Newest first (oldest first for the admin queue). */
  async list(
    filter: { organizerId?: string; causeId?: string; status?: WithdrawalStatus },
    limit: number,
    offset: number,
    oldestFirst = false,
  ): Promise<{ count: number; rows: WithdrawalView[] }> {
    const where: SQL | undefined = and(
      filter.organizerId ? eq(withdrawals.organizerId, filter.organizerId) : undefined,
      filter.causeId ? eq(withdrawals.causeId, filter.causeId) : undefined,
      filter.status ? eq(withdrawals.status, filter.status) : undefined,
    );
    const order = oldestFirst ? [asc(withdrawals.createdAt), asc(withdrawals.id)] : [desc(withdrawals.createdAt), desc(withdrawals.id)];
    const rows = await this.views()
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset);
    const [total] = await this.db.select({ n: count() }).from(withdrawals).where(where);
    return { count: Number(total.n), rows: rows.map(WithdrawalsRepo.toView) };
  }

  /**
   * from → to in one guarded UPDATE plus the organizer's notification (words from `notice`), atomically; null when
   * the withdrawal was not in `from` any more (someone else moved it first).
   */
  async transition(
    where: { id?: string; reference?: string },
    from: WithdrawalStatus[],
    to: WithdrawalStatus,
    set: Partial<typeof withdrawals.$inferInsert>,
    notice: ((w: WithdrawalRow, cause: string) => Notice) | null,
  ): Promise<WithdrawalRow | null> {
    return this.db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      const [row] = await tx
        .update(withdrawals)
        .set({ ...set, status: to, updatedAt: sql`now()` })
        .where(
          and(where.id ? eq(withdrawals.id, where.id) : eq(withdrawals.reference, where.reference!), inArray(withdrawals.status, from)),
        )
        .returning();
      if (!row || !notice) return row ?? null;
      const [cause] = await tx.select({ name: causes.name }).from(causes).where(eq(causes.id, row.causeId)).limit(1);
      await notify(tx, row.organizerId, { ...notice(row, cause?.name ?? ''), causeId: row.causeId });
      return row;
    });
  }

  /**
   * A majority of the treasurers approved: awaiting_treasurers → requested (guarded) and the admins
   * hear of it exactly as for a cause without treasurers; null when it had moved already.
   */
  async releaseToAdmins(
    id: string,
    notice: (w: WithdrawalRow, organizerName: string, cause: string) => Notice,
  ): Promise<WithdrawalRow | null> {
    return this.db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      const [row] = await tx
        .update(withdrawals)
        .set({ status: 'requested', updatedAt: sql`now()` })
        .where(and(eq(withdrawals.id, id), eq(withdrawals.status, 'awaiting_treasurers')))
        .returning();
      if (!row) return null;
      const [who] = await queryRows<{ cause: string; name: string }>(
        tx,
        sql`SELECT c.name AS cause, trim(u.first_name || ' ' || u.last_name) AS name
          FROM ${causes} c, ${users} u WHERE c.id = ${row.causeId} AND u.id = ${row.organizerId}`,
      );
      await notifyAdmins(tx, { ...notice(row, who.name, who.cause), causeId: row.causeId });
      return row;
    });
  }

  /** Provider bookkeeping that changes no status (recipient code, last provider word). */
  async note(id: string, set: Pick<Partial<typeof withdrawals.$inferInsert>, 'recipientCode' | 'transferCode' | 'providerStatus'>) {
    await this.db
      .update(withdrawals)
      .set({ ...set, updatedAt: sql`now()` })
      .where(eq(withdrawals.id, id));
  }
}
