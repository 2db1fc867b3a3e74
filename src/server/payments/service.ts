/**
 * What the routes do with payments: hand a created payment to the provider (PaymentStart),
 * and bring a payment up to date by asking the provider and settling (verify, webhook).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { PaymentStart, PaymentVerification } from '../../shared/giving-contract';
import { toDecimalString } from '../../shared/money';
import { ApiError } from '../lib/api-error';
import type { PaymentView } from '../repositories/payments';
import { publicBase } from '../routes/api/user/profile/serialize';
import { ProviderError } from './provider';
import { settlePayment, type PaymentRow } from './settle';

export const START_FAILED = 'Unable to start payment. Please try again.';

const MESSAGES: Record<PaymentRow['status'], string> = {
  success: 'Payment verified successfully',
  failed: 'Payment failed',
  abandoned: 'Payment was cancelled',
  pending: 'Payment is still pending',
  flagged: 'Payment is under review',
  refunded: 'Payment was refunded',
};

/**
 * Asks the provider for the checkout address of a pending payment. When the provider
 * cannot start it, the payment is settled as failed (a confirmed success later would
 * still be credited, or flagged if its donations moved on, see settle.ts) and the caller
 * gets a 502 to retry. `keepDonations` (initiate): the existing donations go back to
 * pending-without-payment instead of failing, so the same donation can be retried.
 */
export async function launchPayment(app: FastifyInstance, request: FastifyRequest, payment: PaymentRow, donationIds: string[],
  keepDonations = false): Promise<PaymentStart> {
  const base = publicBase(request);
  try {
    const { authorizationUrl } = await app.payments.initialize({
      reference: payment.reference,
      amount: payment.amount,
      currency: 'GHS',
      email: payment.email,
      callbackUrl: `${base}/payment-status`,
      baseUrl: base,
      metadata: { donation_ids: donationIds, payment_id: payment.id },
    });
    await app.repos.payments.setAuthorizationUrl(payment.id, authorizationUrl);
    return { authorization_url: authorizationUrl, reference: payment.reference, total_amount: toDecimalString(payment.amount) };
  } catch (error) {
    request.log.warn({ err: error, reference: payment.reference }, 'Payment provider refused to start a payment');
    const providerStatus = error instanceof ProviderError ? 'initialize_error' : 'initialize_crash';
    if (keepDonations) await app.repos.payments.detachDonations(payment.id);
    await settlePayment(app.db, payment.reference, { status: 'failed', amount: null, currency: null, providerStatus });
    throw new ApiError(502, 'server_error', START_FAILED);
  }
}

/**
 * Brings a payment up to date: asks the provider while it is still open here, then settles.
 * `alsoClosed` (webhooks) re-checks failed/abandoned payments too, so a late success is credited.
 * A provider that cannot be reached leaves the payment as it is.
 */
export async function refreshPayment(app: FastifyInstance, reference: string, alsoClosed = false): Promise<PaymentRow | null> {
  const payment = await app.repos.payments.findByReference(reference);
  if (!payment) return null;
  const open = payment.status === 'pending' || (alsoClosed && (payment.status === 'failed' || payment.status === 'abandoned'));
  if (!open || payment.provider !== app.payments.name) return payment;
  try {
    const result = await app.payments.verify(reference);
    return (await settlePayment(app.db, reference, result))?.payment ?? payment;
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    app.log.warn({ err: error, reference }, 'Payment provider unreachable during verification');
    return payment;
  }
}

export function toVerification(view: PaymentView): PaymentVerification {
  const { payment } = view;
  return {
    reference: payment.reference,
    status: payment.status,
    message: MESSAGES[payment.status],
    total_amount: toDecimalString(payment.amount),
    currency: 'GHS',
    donations: view.donations.map((d) => ({
      id: d.id, cause_id: d.causeId, cause_title: d.causeTitle, amount: toDecimalString(d.amount), status: d.status,
    })),
  };
}
