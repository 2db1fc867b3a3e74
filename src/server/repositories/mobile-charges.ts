/**
 * Mobile money prompts (issue #30): a payment charged straight to a wallet keeps the prompt's state in
 * mobile_charges, and a resent prompt is a new payment that takes the gift's donations over. Every
 * change to a gift's chain of payments (resend, settlement) first locks the chain's first payment
 * (lockChain), so two approvals of one gift, or an approval and a resend, queue instead of crossing.
 */
import { and, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { queryRows } from '../db/client';
import { donations, mobileCharges, payments } from '../db/schema';
import { OPEN_DONATION, type PaymentRow } from './settlements';
import type { NewPayment } from './payments';

export const PAYMENTS_CHANNEL = 'boafo_payments';

export type MobileChargeRow = typeof mobileCharges.$inferSelect;
export type NewMobileCharge = Omit<typeof mobileCharges.$inferInsert, 'createdAt'>;

/** What NOTIFY carries to every process: the socket message plus whose it is. */
export interface PaymentSignal {
  reference: string;
  user_id: string | null;
  status: 'pay_offline' | 'send_otp' | 'success' | 'failed';
  display_text: string;
}

export class MobileChargesRepo {
  constructor(private readonly db: Db) {}

  async open(values: NewMobileCharge): Promise<MobileChargeRow> {
    const [row] = await this.db.insert(mobileCharges).values(values).returning();
    return row;
  }

  async update(paymentId: string, values: Partial<Pick<MobileChargeRow, 'step' | 'displayText' | 'reason'>>): Promise<void> {
    await this.db.update(mobileCharges).set(values).where(eq(mobileCharges.paymentId, paymentId));
  }

  async byReference(reference: string): Promise<{ payment: PaymentRow; charge: MobileChargeRow } | null> {
    const [row] = await this.db
      .select({ payment: payments, charge: mobileCharges })
      .from(payments)
      .innerJoin(mobileCharges, eq(mobileCharges.paymentId, payments.id))
      .where(eq(payments.reference, reference))
      .limit(1);
    return row ?? null;
  }

  /** Whether the prompt has lapsed, by the database's clock (the one every process shares). */
  async expired(paymentId: string): Promise<boolean> {
    const [row] = await queryRows<{ expired: boolean }>(
      this.db,
      sql`SELECT expires_at <= now() AS expired FROM ${mobileCharges} WHERE payment_id = ${paymentId}`,
    );
    return row?.expired ?? false;
  }

  /** Locks the first payment of the chain `reference` belongs to (FOR UPDATE); null when unknown. */
  async lockChain(reference: string): Promise<string | null> {
    const [row] = await queryRows<{ id: string }>(
      this.db,
      sql`SELECT id FROM ${payments}
          WHERE id = (SELECT coalesce(retry_of, id) FROM ${payments} WHERE reference = ${reference})
          FOR UPDATE`,
    );
    return row?.id ?? null;
  }

  /**
   * A new payment takes over `old`'s open donations (the donor asked for a new prompt). Null when
   * `old` no longer holds them: it was paid meanwhile, or another resend got there first.
   * Runs in the caller's transaction, after lockChain.
   */
  async supersede(old: PaymentRow, input: NewPayment): Promise<PaymentRow | null> {
    const [next] = await this.db
      .insert(payments)
      .values({ ...input, amount: old.amount, currency: old.currency, retryOf: old.retryOf ?? old.id })
      .returning();
    const [taken] = await this.db
      .update(payments)
      .set({ supersededBy: next.id, updatedAt: sql`now()` })
      .where(and(eq(payments.id, old.id), isNull(payments.supersededBy), inArray(payments.status, ['pending', 'failed', 'abandoned'])))
      .returning({ id: payments.id });
    if (!taken) return null;
    await this.db
      .update(donations)
      .set({ paymentId: next.id, reference: next.reference, status: 'pending' })
      .where(and(eq(donations.paymentId, old.id), inArray(donations.status, [...OPEN_DONATION])));
    return next;
  }

  /**
   * `won` was just paid. Its chain's other payments still pending can no longer be credited (they
   * become failed, 'superseded'), and the gift's open donations come back to `won` — unless another
   * payment of the chain was paid first, in which case nothing moves and `won` is flagged for a
   * refund by settlePayment (paid twice). Runs in the settling transaction, after lockChain.
   */
  async takeBack(won: PaymentRow): Promise<void> {
    if (won.retryOf === null && won.supersededBy === null) return;
    const root = won.retryOf ?? won.id;
    const chain = or(eq(payments.id, root), eq(payments.retryOf, root));
    await this.db
      .update(payments)
      .set({ status: 'failed', providerStatus: 'superseded', completedAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(chain, ne(payments.id, won.id), eq(payments.status, 'pending')));
    const others = await this.db
      .select({ id: payments.id, status: payments.status })
      .from(payments)
      .where(and(chain, ne(payments.id, won.id)));
    if (others.some((p) => p.status === 'success' || p.status === 'flagged' || p.status === 'refunded')) return;
    await this.db
      .update(donations)
      .set({ paymentId: won.id, reference: won.reference })
      .where(
        and(
          inArray(
            donations.paymentId,
            others.map((p) => p.id),
          ),
          inArray(donations.status, [...OPEN_DONATION]),
        ),
      );
  }

  /**
   * Tells the donor's sockets and any socket watching the reference (plugins/app/realtime.ts), on
   * commit, when the payment is a mobile money one; a failure's reason is kept for the status answer.
   */
  async signalSettled(payment: PaymentRow, status: 'success' | 'failed', text: string | null): Promise<void> {
    if (status === 'failed' && text) await this.update(payment.id, { reason: text });
    await queryRows(
      this.db,
      sql`SELECT pg_notify(${PAYMENTS_CHANNEL}, json_build_object(
            'reference', p.reference, 'user_id', p.user_id, 'status', ${status}::text,
            'display_text', coalesce(${text}::text, m.reason, 'The payment did not go through'))::text)
          FROM ${payments} p JOIN ${mobileCharges} m ON m.payment_id = p.id WHERE p.id = ${payment.id}`,
    );
  }
}
