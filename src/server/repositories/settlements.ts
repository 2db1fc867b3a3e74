/**
 * The writes that settle money: winning a payment (one guarded UPDATE decides), completing or
 * failing its donations, crediting causes, clearing paid cart lines, and an admin's resolution of
 * a flagged payment. payments/settle.ts and payments/resolve.ts decide; this file holds the SQL.
 * Always used through repos.transaction(), so each settlement commits as one.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { cartItems, causes, donations, payments, users } from '../db/schema';
import { creditCause, type CreditResult } from './causes';

export type PaymentRow = typeof payments.$inferSelect;
export type PaymentStatus = PaymentRow['status'];
export type SettledDonation = typeof donations.$inferSelect;

export interface CauseInfo {
  id: string;
  name: string;
  organizerId: string;
  organizerEmail: string;
  organizerFirstName: string;
  /** The organizer's language (null: not chosen). */
  organizerLocale: string | null;
}

/** Donations a payment can still complete. */
export const OPEN_DONATION = ['pending', 'failed', 'abandoned'] as const;

export class SettlementsRepo {
  constructor(private readonly db: Db) {}

  async payment(where: { reference: string } | { id: string }): Promise<PaymentRow | null> {
    const match = 'id' in where ? eq(payments.id, where.id) : eq(payments.reference, where.reference);
    const [row] = await this.db.select().from(payments).where(match).limit(1);
    return row ?? null;
  }

  /**
   * Moves the payment to `status` only if it is still in one of `allowed`: the winner gets the row.
   * A success keeps the channel the provider says it was paid with (null: it did not say).
   */
  async claim(
    reference: string,
    allowed: PaymentStatus[],
    status: PaymentStatus,
    providerStatus: string | null,
    channel: string | null = null,
  ): Promise<PaymentRow | null> {
    const [won] = await this.db
      .update(payments)
      .set({ status, providerStatus, ...(status === 'success' ? { channel } : {}), completedAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(payments.reference, reference), inArray(payments.status, allowed)))
      .returning();
    return won ?? null;
  }

  async flag(
    paymentId: string,
    reason: string,
    received: { receivedAmount?: number | null; receivedCurrency?: string | null },
  ): Promise<PaymentRow> {
    const [row] = await this.db
      .update(payments)
      .set({ status: 'flagged', flaggedReason: reason, ...received, updatedAt: sql`now()` })
      .where(eq(payments.id, paymentId))
      .returning();
    return row!;
  }

  /** An admin's decision on a flagged payment, only while it is still flagged. */
  async resolveFlagged(paymentId: string, action: 'credit' | 'refund', adminId: string, note: string | null): Promise<PaymentRow | null> {
    const [won] = await this.db
      .update(payments)
      .set({
        status: action === 'credit' ? 'success' : 'refunded',
        resolution: action === 'credit' ? 'credited' : 'refunded',
        resolutionNote: note,
        resolvedBy: adminId,
        resolvedAt: sql`now()`,
        completedAt: sql`coalesce(${payments.completedAt}, now())`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(payments.id, paymentId), eq(payments.status, 'flagged')))
      .returning();
    return won ?? null;
  }

  async openDonations(paymentId: string): Promise<SettledDonation[]> {
    return this.db
      .select()
      .from(donations)
      .where(and(eq(donations.paymentId, paymentId), inArray(donations.status, [...OPEN_DONATION])))
      .orderBy(asc(donations.createdAt), asc(donations.id));
  }

  /** Completes the payment's open donations with the method they were really paid by (payments/paid-method.ts). */
  async completeDonations(paymentId: string, paidMethod: SettledDonation['paymentMethod']): Promise<SettledDonation[]> {
    return this.db
      .update(donations)
      .set({ status: 'completed', completedAt: sql`now()`, paymentMethod: paidMethod })
      .where(and(eq(donations.paymentId, paymentId), inArray(donations.status, [...OPEN_DONATION])))
      .returning();
  }

  /** The payment's donations still in one of `from` take `to` (a failed or abandoned payment, a refund). */
  async moveDonations(paymentId: string, from: readonly SettledDonation['status'][], to: SettledDonation['status']): Promise<void> {
    await this.db
      .update(donations)
      .set({ status: to })
      .where(and(eq(donations.paymentId, paymentId), inArray(donations.status, [...from])));
  }

  /** An admin credits less than pledged: the donation keeps what it pledged and gets its share (0 = failed). */
  async reshareDonation(donation: SettledDonation, share: number): Promise<void> {
    await this.db
      .update(donations)
      .set(share > 0 ? { amount: share, pledgedAmount: donation.amount } : { status: 'failed', pledgedAmount: donation.amount })
      .where(eq(donations.id, donation.id));
  }

  creditCause(causeId: string, pesewas: number): Promise<CreditResult | null> {
    return creditCause(this.db, causeId, pesewas);
  }

  async causeInfo(ids: string[]): Promise<Map<string, CauseInfo>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .select({
        id: causes.id,
        name: causes.name,
        organizerId: causes.organizerId,
        organizerEmail: users.email,
        organizerFirstName: users.firstName,
        organizerLocale: users.locale,
      })
      .from(causes)
      .innerJoin(users, eq(users.id, causes.organizerId))
      .where(inArray(causes.id, ids));
    return new Map(rows.map((c) => [c.id, c]));
  }

  /**
   * Whether the cause has a completed donation from another payment. Asked after creditCause
   * locked the cause row, so of two payments settling together the second sees the first.
   */
  async hasOtherGift(causeId: string, paymentId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: donations.id })
      .from(donations)
      .where(
        and(eq(donations.causeId, causeId), eq(donations.status, 'completed'), sql`${donations.paymentId} IS DISTINCT FROM ${paymentId}`),
      )
      .limit(1);
    return !!row;
  }

  async clearPaidCartLines(cartId: string, causeIds: string[]): Promise<void> {
    await this.db.delete(cartItems).where(and(eq(cartItems.cartId, cartId), inArray(cartItems.causeId, causeIds)));
  }
}
