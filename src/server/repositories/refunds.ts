/**
 * Refunds of completed donations (migration 0014). payments/refunds.ts decides; this file holds the
 * SQL. A refund is taken from the donation (refunded_amount, status 'refunded' when nothing is left)
 * and from the cause's current_amount in the transaction that records it as pending, under the cause
 * row lock every balance check takes; a provider failure gives both back. Lock order is the one
 * settling a payment uses: the donation (its trigger then takes the counter rows), then the cause. Every status change is a
 * guarded UPDATE … WHERE status = 'pending', so a webhook repeated or racing the admin's call applies
 * once. The donations trigger keeps the counters from refunded_amount.
 */
import { and, asc, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { causes, donations, refunds } from '../db/schema';

export type RefundRow = typeof refunds.$inferSelect;
export type DonationRow = typeof donations.$inferSelect;

export interface NewRefund {
  donationId: string;
  causeId: string;
  amount: number;
  reference: string;
  paymentReference: string | null;
  requestedBy: string | null;
}

export class RefundsRepo {
  constructor(private readonly db: Db) {}

  async donation(id: string): Promise<DonationRow | null> {
    const [row] = await this.db.select().from(donations).where(eq(donations.id, id)).limit(1);
    return row ?? null;
  }

  /** The lock WithdrawalsRepo.request and creditCause take: refunds and withdrawals queue on it. */
  async lockCause(causeId: string): Promise<{ id: string; name: string; organizerId: string } | null> {
    const [row] = await this.db
      .select({ id: causes.id, name: causes.name, organizerId: causes.organizerId })
      .from(causes)
      .where(eq(causes.id, causeId))
      .for('update')
      .limit(1);
    return row ?? null;
  }

  async lockDonation(id: string): Promise<DonationRow | null> {
    const [row] = await this.db.select().from(donations).where(eq(donations.id, id)).for('update').limit(1);
    return row ?? null;
  }

  /**
   * Takes `amount` off a completed donation (the trigger updates the counters); null when the donation
   * is not completed any more or has less than that left (the WHERE re-checks under the row lock).
   */
  async take(donationId: string, amount: number): Promise<DonationRow | null> {
    const [row] = await this.db
      .update(donations)
      .set({
        refundedAmount: sql`${donations.refundedAmount} + ${amount}`,
        status: sql`CASE WHEN ${donations.refundedAmount} + ${amount} = ${donations.amount} THEN 'refunded' ELSE 'completed' END`,
      })
      .where(
        and(
          eq(donations.id, donationId),
          eq(donations.status, 'completed'),
          sql`${donations.refundedAmount} + ${amount} <= ${donations.amount}`,
        ),
      )
      .returning();
    return row ?? null;
  }

  /** The cause's raised amount moves with its donations' refunds (call with the cause row locked). */
  async moveRaised(causeId: string, delta: number): Promise<void> {
    await this.db
      .update(causes)
      .set({ currentAmount: sql`${causes.currentAmount} + ${delta}`, updatedAt: sql`now()` })
      .where(eq(causes.id, causeId));
  }

  /** A failed refund: the donation gets the amount back and is completed again (then moveRaised). */
  async giveBack(refund: RefundRow): Promise<void> {
    await this.db
      .update(donations)
      .set({ refundedAmount: sql`${donations.refundedAmount} - ${refund.amount}`, status: 'completed' })
      .where(eq(donations.id, refund.donationId));
  }

  async insert(input: NewRefund): Promise<RefundRow> {
    const [row] = await this.db
      .insert(refunds)
      .values({ ...input, status: 'pending' })
      .returning();
    return row;
  }

  async find(id: string): Promise<RefundRow | null> {
    const [row] = await this.db.select().from(refunds).where(eq(refunds.id, id)).limit(1);
    return row ?? null;
  }

  /** Records the provider's id for the refund once (a webhook may already have attached it). */
  async attachProviderReference(id: string, providerReference: string, providerStatus: string): Promise<void> {
    await this.db
      .update(refunds)
      .set({ providerReference, providerStatus, updatedAt: sql`now()` })
      .where(and(eq(refunds.id, id), isNull(refunds.providerReference)));
  }

  /** pending → processed; null when someone else decided it first. */
  async markProcessed(id: string, providerStatus: string): Promise<RefundRow | null> {
    const [row] = await this.db
      .update(refunds)
      .set({ status: 'processed', providerStatus, processedAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(refunds.id, id), eq(refunds.status, 'pending')))
      .returning();
    return row ?? null;
  }

  /** pending → failed; null when someone else decided it first. */
  async markFailed(id: string, providerStatus: string, reason: string): Promise<RefundRow | null> {
    const [row] = await this.db
      .update(refunds)
      .set({ status: 'failed', providerStatus, failureReason: reason, updatedAt: sql`now()` })
      .where(and(eq(refunds.id, id), eq(refunds.status, 'pending')))
      .returning();
    return row ?? null;
  }

  /** Refunds still waiting on the provider for one of its transactions (what a webhook names). */
  async pendingForPayment(paymentReference: string): Promise<RefundRow[]> {
    return this.db
      .select()
      .from(refunds)
      .where(and(eq(refunds.paymentReference, paymentReference), eq(refunds.status, 'pending')))
      .orderBy(asc(refunds.createdAt), asc(refunds.id));
  }

  async byProviderReference(providerReference: string): Promise<RefundRow | null> {
    const [row] = await this.db.select().from(refunds).where(eq(refunds.providerReference, providerReference)).limit(1);
    return row ?? null;
  }

  /** A cause's donations for the admins' list, newest first. */
  async causeDonations(causeId: string, limit: number, offset: number): Promise<{ count: number; rows: DonationRow[] }> {
    const where = eq(donations.causeId, causeId);
    const rows = await this.db
      .select()
      .from(donations)
      .where(where)
      .orderBy(desc(donations.createdAt), desc(donations.id))
      .limit(limit)
      .offset(offset);
    const [total] = await this.db.select({ n: count() }).from(donations).where(where);
    return { count: Number(total.n), rows };
  }
}
