/**
 * Payments and the donations they carry: creating them together, attaching an existing
 * donation, and the read model of the verify answer. Settling lives in payments/settle.ts.
 */
import { and, asc, eq, gt, isNull, ne, or, sql, TransactionRollbackError } from 'drizzle-orm';
import type { Db } from '../db/client';
import { causes, donations, payments } from '../db/schema';
import type { PaymentRow } from './settlements';

export type DonationRow = typeof donations.$inferSelect;
export type PaymentMethod = NonNullable<DonationRow['paymentMethod']>;

/** Who gives: the same on every donation of one payment. */
export interface DonorInfo {
  donorId: string | null;
  email: string;
  donorName: string;
  firstName: string;
  lastName: string;
  country: string;
  phoneCountryCode: string;
  phoneNumber: string;
  paymentMethod: PaymentMethod | null;
  isAnonymous: boolean;
  /** Words of support, or null. */
  message: string | null;
  /** 233XXXXXXXXX when the donor ticked "Text me my receipt and this cause's news"; absent or null = no texts. */
  smsPhone?: string | null;
}

export interface NewPayment {
  reference: string;
  provider: string;
  email: string;
  userId: string | null;
  cartId: string | null;
  /** A monthly gift's charge: the subscription and its month (1 = the first checkout). */
  subscriptionId?: string | null;
  subscriptionPeriod?: number | null;
  /** The language of the request that started it (a guest's receipt speaks it). */
  locale?: string | null;
}

export interface PaymentView {
  payment: PaymentRow;
  donations: { id: string; causeId: string; causeTitle: string; amount: number; status: DonationRow['status'] }[];
}

/** A settled payment's receipt: its completed donations with what the receipt prints. */
export interface PaymentReceipt {
  payment: PaymentRow;
  donations: (Pick<
    DonationRow,
    'id' | 'causeId' | 'amount' | 'refundedAmount' | 'donorId' | 'donorName' | 'firstName' | 'lastName' | 'isAnonymous' | 'paymentMethod'
  > & { causeTitle: string })[];
}

export class PaymentsRepo {
  constructor(private readonly db: Db) {}

  async findByReference(reference: string): Promise<PaymentRow | null> {
    const [row] = await this.db.select().from(payments).where(eq(payments.reference, reference)).limit(1);
    return row ?? null;
  }

  async findById(id: string): Promise<PaymentRow | null> {
    const [row] = await this.db.select().from(payments).where(eq(payments.id, id)).limit(1);
    return row ?? null;
  }

  async view(reference: string): Promise<PaymentView | null> {
    const payment = await this.findByReference(reference);
    if (!payment) return null;
    const rows = await this.db
      .select({
        id: donations.id,
        causeId: donations.causeId,
        causeTitle: causes.name,
        amount: donations.amount,
        status: donations.status,
      })
      .from(donations)
      .innerJoin(causes, eq(causes.id, donations.causeId))
      .where(eq(donations.paymentId, payment.id))
      .orderBy(asc(donations.createdAt), asc(donations.id));
    return { payment, donations: rows };
  }

  async receipt(reference: string): Promise<PaymentReceipt | null> {
    const payment = await this.findByReference(reference);
    if (!payment) return null;
    const rows = await this.db
      .select({
        id: donations.id,
        causeId: donations.causeId,
        causeTitle: causes.name,
        amount: donations.amount,
        refundedAmount: donations.refundedAmount,
        donorId: donations.donorId,
        donorName: donations.donorName,
        firstName: donations.firstName,
        lastName: donations.lastName,
        isAnonymous: donations.isAnonymous,
        paymentMethod: donations.paymentMethod,
      })
      .from(donations)
      .innerJoin(causes, eq(causes.id, donations.causeId))
      // Refunded donations stay on the receipt, with their refund (a flagged payment refunded never completed).
      .where(
        and(
          eq(donations.paymentId, payment.id),
          or(eq(donations.status, 'completed'), and(eq(donations.status, 'refunded'), gt(donations.refundedAmount, 0))),
        ),
      )
      .orderBy(asc(donations.createdAt), asc(donations.id));
    return { payment, donations: rows };
  }

  /** One pending payment for the total and one pending donation per line, atomically. */
  async createWithDonations(
    input: NewPayment,
    donor: DonorInfo,
    lines: { causeId: string; amount: number }[],
  ): Promise<{ payment: PaymentRow; donationIds: string[] }> {
    const amount = lines.reduce((sum, line) => sum + line.amount, 0);
    return this.db.transaction(async (tx) => {
      const [payment] = await tx
        .insert(payments)
        .values({ ...input, amount, currency: 'GHS' })
        .returning();
      const rows = await tx
        .insert(donations)
        .values(
          lines.map((line) => ({
            ...donor,
            causeId: line.causeId,
            amount: line.amount,
            status: 'pending' as const,
            paymentId: payment.id,
            reference: payment.reference,
          })),
        )
        .returning({ id: donations.id });
      return { payment, donationIds: rows.map((r) => r.id) };
    });
  }

  /** A pending donation without a payment (POST /api/donations/). */
  async createDonation(donor: DonorInfo, causeId: string, amount: number): Promise<DonationRow> {
    const [row] = await this.db
      .insert(donations)
      .values({ ...donor, causeId, amount, status: 'pending' })
      .returning();
    return row;
  }

  async findDonation(id: string): Promise<DonationRow | null> {
    const [row] = await this.db.select().from(donations).where(eq(donations.id, id)).limit(1);
    return row ?? null;
  }

  /**
   * Gives a pending, unpaid donation its payment. The WHERE re-checks both conditions at
   * write time, so two concurrent initiates cannot attach two payments to one donation.
   */
  async attachDonation(donationId: string, input: NewPayment, amount: number): Promise<PaymentRow | null> {
    return this.db
      .transaction(async (tx) => {
        const [payment] = await tx
          .insert(payments)
          .values({ ...input, amount, currency: 'GHS' })
          .returning();
        const [attached] = await tx
          .update(donations)
          .set({ paymentId: payment.id, reference: payment.reference })
          .where(and(eq(donations.id, donationId), eq(donations.status, 'pending'), isNull(donations.paymentId)))
          .returning({ id: donations.id });
        // Lost the race (or the donation is no longer open): drop the new payment row too.
        if (!attached) tx.rollback();
        return payment;
      })
      .catch((error: unknown) => {
        if (error instanceof TransactionRollbackError) return null;
        throw error;
      });
  }

  /** Frees a payment's still-pending donations so they can be paid again (the provider never started it). */
  async detachDonations(paymentId: string): Promise<void> {
    await this.db
      .update(donations)
      .set({ paymentId: null, reference: null })
      .where(and(eq(donations.paymentId, paymentId), eq(donations.status, 'pending')));
  }

  /** Seconds since the payment started, by the database's clock (the one the sweeper's ages use). */
  async ageSeconds(id: string): Promise<number | null> {
    const [row] = await this.db
      .select({ age: sql<number>`extract(epoch FROM now() - ${payments.createdAt})::float8` })
      .from(payments)
      .where(eq(payments.id, id));
    return row ? Number(row.age) : null;
  }

  /**
   * A verify's turn to ask the provider: stamps provider_checked_at and answers the payment's age in
   * seconds, or null when a pending payment the provider last called abandoned was asked less than
   * `throttleSeconds` ago (the caller then does not ask). One guarded UPDATE, so this holds across processes.
   */
  async claimCheck(id: string, throttleSeconds: number): Promise<number | null> {
    const [row] = await this.db
      .update(payments)
      .set({ providerCheckedAt: sql`now()` })
      .where(
        and(
          eq(payments.id, id),
          or(
            ne(payments.status, 'pending'),
            sql`${payments.providerStatus} IS DISTINCT FROM 'abandoned'`,
            isNull(payments.providerCheckedAt),
            sql`${payments.providerCheckedAt} <= now() - make_interval(secs => ${throttleSeconds})`,
          ),
        ),
      )
      .returning({ age: sql<number>`extract(epoch FROM now() - ${payments.createdAt})::float8` });
    return row ? Number(row.age) : null;
  }

  /** The provider's word on a payment that stays pending (support reads it; 'abandoned' throttles verifies); null if unchanged. */
  async noteProviderStatus(id: string, providerStatus: string): Promise<PaymentRow | null> {
    const [row] = await this.db
      .update(payments)
      .set({ providerStatus, updatedAt: sql`now()` })
      .where(and(eq(payments.id, id), eq(payments.status, 'pending'), sql`${payments.providerStatus} IS DISTINCT FROM ${providerStatus}`))
      .returning();
    return row ?? null;
  }

  /** The provider's checkout address, and where the donor returns afterwards (null = our own app). */
  async setAuthorizationUrl(id: string, url: string, returnOrigin: string | null = null): Promise<void> {
    await this.db
      .update(payments)
      .set({ authorizationUrl: url, returnOrigin, updatedAt: sql`now()` })
      .where(eq(payments.id, id));
  }
}
