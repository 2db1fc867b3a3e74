/**
 * Changes of payout details: what they were and became, until when withdrawals to the new
 * destination wait (PAYOUT_CHANGE_HOLD_HOURS), and the undo link the organizer was mailed (its
 * sha256 only). An undo applies only while that change is still the latest one.
 */
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { payoutChanges, users } from '../db/schema';

export type PayoutChangeRow = typeof payoutChanges.$inferSelect;
type Details = Record<string, unknown> | null;

export type UndoOutcome = { kind: 'undone'; change: PayoutChangeRow } | { kind: 'unknown' } | { kind: 'already' } | { kind: 'superseded' };

export class PayoutChangesRepo {
  constructor(private readonly db: Db) {}

  async record(input: {
    userId: string;
    before: Details;
    after: Details;
    holdHours: number;
    undoTokenHash: string;
  }): Promise<PayoutChangeRow> {
    const [row] = await this.db
      .insert(payoutChanges)
      .values({
        userId: input.userId,
        before: input.before,
        after: input.after,
        holdUntil: input.holdHours > 0 ? sql`now() + make_interval(hours => ${input.holdHours})` : null,
        undoTokenHash: input.undoTokenHash,
      })
      .returning();
    return row;
  }

  /** The hold on the user's current destination, if one is running. */
  async activeHold(userId: string): Promise<Date | null> {
    const [row] = await this.db
      .select({ holdUntil: payoutChanges.holdUntil })
      .from(payoutChanges)
      .where(and(eq(payoutChanges.userId, userId), isNull(payoutChanges.undoneAt), gt(payoutChanges.holdUntil, sql`now()`)))
      .orderBy(desc(payoutChanges.createdAt))
      .limit(1);
    return row?.holdUntil ?? null;
  }

  /**
   * Puts the details back as they were before the change the link belongs to, if that change is
   * still the user's latest and the details are still what it set. Locks the user's row, so an
   * undo and a new change of the same person queue.
   */
  async undo(undoTokenHash: string): Promise<UndoOutcome> {
    const [change] = await this.db.select().from(payoutChanges).where(eq(payoutChanges.undoTokenHash, undoTokenHash)).limit(1);
    if (!change) return { kind: 'unknown' };
    const [user] = await this.db
      .select({ details: users.withdrawalAddress })
      .from(users)
      .where(eq(users.id, change.userId))
      .limit(1)
      .for('update');
    if (change.undoneAt) return { kind: 'already' };
    const [latest] = await this.db
      .select({ id: payoutChanges.id })
      .from(payoutChanges)
      .where(eq(payoutChanges.userId, change.userId))
      .orderBy(desc(payoutChanges.createdAt))
      .limit(1);
    if (!user || latest?.id !== change.id || JSON.stringify(sorted(user.details)) !== JSON.stringify(sorted(change.after))) {
      return { kind: 'superseded' };
    }
    await this.db
      .update(users)
      .set({ withdrawalAddress: change.before, updatedAt: sql`now()` })
      .where(eq(users.id, change.userId));
    const [undone] = await this.db
      .update(payoutChanges)
      .set({ undoneAt: sql`now()` })
      .where(and(eq(payoutChanges.id, change.id), isNull(payoutChanges.undoneAt)))
      .returning();
    return undone ? { kind: 'undone', change: undone } : { kind: 'already' };
  }
}

/** jsonb keeps its own key order: compare details by content. */
export function sorted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sorted);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([k, v]) => [k, sorted(v)]),
    );
  }
  return value ?? null;
}
