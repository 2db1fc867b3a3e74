/**
 * An admin settles a flagged payment (the provider reported another amount or currency):
 *
 * - credit: the amount actually received (what the provider reported, or a GHS amount the
 *   admin states when the currency differed) is shared over the payment's donations in
 *   proportion to what each pledged (pledged_amount keeps the original), then credited by
 *   creditDonations, the same code settlePayment uses;
 * - refund: the donor was paid back outside Boafo; the donations become refunded, nothing is
 *   credited, and the public ledger says so.
 *
 * Exactly once: `UPDATE payments … WHERE id = $1 AND status = 'flagged' RETURNING` in the
 * transaction that does the rest decides the one winner; a repeat, concurrent or later,
 * finds the payment resolved and changes nothing.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { formatGhs } from '../../shared/money';
import type { Db } from '../db/client';
import { causes, donations, payments } from '../db/schema';
import { notify } from '../repositories/notifications';
import { splitInProportion } from './amounts';
import { creditDonations, OPEN_DONATION, type PaymentRow } from './settle';

export type Resolution =
  | { action: 'credit'; adminId: string; note: string | null; /** Pesewas; null = what the provider reported. */ amount: number | null }
  | { action: 'refund'; adminId: string; note: string | null };

export type ResolveOutcome =
  | { kind: 'resolved'; payment: PaymentRow }
  | { kind: 'not_found' }
  | { kind: 'not_flagged'; payment: PaymentRow }
  /** Credit without an amount, and the provider gave none in GHS. */
  | { kind: 'amount_needed' }
  | { kind: 'nothing_to_credit' };

class Abort extends Error {
  constructor(readonly outcome: ResolveOutcome) {
    super(outcome.kind);
  }
}

/** The GHS amount to credit, or null when nobody said one. */
export function amountToCredit(payment: PaymentRow, requested: number | null): number | null {
  if (requested !== null) return requested;
  return payment.receivedCurrency === 'GHS' && payment.receivedAmount !== null && payment.receivedAmount > 0 ? payment.receivedAmount : null;
}

export async function resolveFlaggedPayment(db: Db, paymentId: string, resolution: Resolution): Promise<ResolveOutcome> {
  try {
    return await db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      const [current] = await tx.select().from(payments).where(eq(payments.id, paymentId)).limit(1);
      if (!current) return { kind: 'not_found' } as const;
      const amount = resolution.action === 'credit' ? amountToCredit(current, resolution.amount) : null;
      if (resolution.action === 'credit' && amount === null) return { kind: 'amount_needed' } as const;

      const [won] = await tx.update(payments).set({
        status: resolution.action === 'credit' ? 'success' : 'refunded',
        resolution: resolution.action === 'credit' ? 'credited' : 'refunded',
        resolutionNote: resolution.note, resolvedBy: resolution.adminId, resolvedAt: sql`now()`,
        completedAt: sql`coalesce(${payments.completedAt}, now())`, updatedAt: sql`now()`,
      }).where(and(eq(payments.id, paymentId), eq(payments.status, 'flagged'))).returning();
      if (!won) {
        const [row] = await tx.select().from(payments).where(eq(payments.id, paymentId)).limit(1);
        return { kind: 'not_flagged', payment: row } as const;
      }

      const open = await tx.select().from(donations)
        .where(and(eq(donations.paymentId, won.id), inArray(donations.status, [...OPEN_DONATION])))
        .orderBy(asc(donations.createdAt), asc(donations.id));
      if (open.length === 0) throw new Abort({ kind: 'nothing_to_credit' });

      if (resolution.action === 'refund') {
        await tx.update(donations).set({ status: 'refunded' })
          .where(and(eq(donations.paymentId, won.id), inArray(donations.status, [...OPEN_DONATION])));
        await tellDonor(tx, open, (title, total) => `Your donation of ${total} to "${title}" was refunded to you.`, 'Donation refunded');
        return { kind: 'resolved', payment: won } as const;
      }

      const shares = splitInProportion(amount!, open.map((d) => d.amount));
      for (const [i, donation] of open.entries()) {
        if (shares[i] > 0) {
          await tx.update(donations).set({ amount: shares[i], pledgedAmount: donation.amount }).where(eq(donations.id, donation.id));
        } else {
          // Too little arrived to give this one anything.
          await tx.update(donations).set({ status: 'failed', pledgedAmount: donation.amount }).where(eq(donations.id, donation.id));
        }
      }
      const payment = await creditDonations(tx, won, null);
      // creditDonations flags a payment it could not credit; that must not stand as a resolution.
      if (payment.status === 'flagged') throw new Abort({ kind: 'nothing_to_credit' });
      return { kind: 'resolved', payment: won } as const;
    });
  } catch (error) {
    if (error instanceof Abort) return error.outcome;
    throw error;
  }
}

async function tellDonor(tx: Db, rows: Array<typeof donations.$inferSelect>, message: (title: string, total: string) => string, title: string) {
  const titles = new Map((await tx.select({ id: causes.id, name: causes.name }).from(causes)
    .where(inArray(causes.id, [...new Set(rows.map((r) => r.causeId))]))).map((c) => [c.id, c.name]));
  for (const row of rows) {
    if (!row.donorId) continue;
    await notify(tx, row.donorId, { title, message: message(titles.get(row.causeId) ?? 'a cause', formatGhs(row.amount)), causeId: row.causeId });
  }
}
