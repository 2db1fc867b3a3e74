/**
 * What the routes do with payments: hand a created payment to the provider (PaymentStart),
 * and bring a payment up to date by asking the provider and settling (verify, webhook).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PAYMENT_VERIFIED_MESSAGE, type PaymentStart, type PaymentVerification } from '../../shared/giving-contract';
import { toDecimalString } from '../../shared/money';
import { ApiError } from '../lib/api-error';
import type { PaymentView } from '../repositories/payments';
import { siteOrigin } from '../lib/site-origin';
import { ProviderError } from './provider';
import { returnOriginOf } from './return-origin';
import { settlePayment, type PaymentRow } from './settle';

export const START_FAILED = 'Unable to start payment. Please try again.';

/** `detail` of the verify answer; only success also gets it as `message` (see verificationAnswer). */
const MESSAGES: Record<PaymentRow['status'], string> = {
  success: PAYMENT_VERIFIED_MESSAGE,
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
 * The donor comes back to the client that started the payment (payments/return-origin.ts);
 * callers have already checked the request with returnOriginOf, so this cannot throw here.
 */
export async function launchPayment(
  app: FastifyInstance,
  request: FastifyRequest,
  payment: PaymentRow,
  donationIds: string[],
  keepDonations = false,
  plan?: string,
): Promise<PaymentStart> {
  const base = siteOrigin(request.server, request);
  const returnOrigin = returnOriginOf(app, request);
  try {
    const { authorizationUrl } = await app.payments.initialize({
      reference: payment.reference,
      amount: payment.amount,
      currency: 'GHS',
      email: payment.email,
      callbackUrl: `${returnOrigin ?? base}/payment-status`,
      baseUrl: base,
      metadata: { donation_ids: donationIds, payment_id: payment.id },
      ...(plan ? { plan } : {}),
    });
    await app.repos.payments.setAuthorizationUrl(payment.id, authorizationUrl, returnOrigin);
    return { authorization_url: authorizationUrl, reference: payment.reference, total_amount: toDecimalString(payment.amount) };
  } catch (error) {
    request.log.warn({ err: error, reference: payment.reference }, 'Payment provider refused to start a payment');
    const providerStatus = error instanceof ProviderError ? 'initialize_error' : 'initialize_crash';
    if (keepDonations) await app.repos.payments.detachDonations(payment.id);
    await settlePayment(app.repos, payment.reference, { status: 'failed', amount: null, currency: null, providerStatus }, app.receiptLinks);
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
    return (await settlePayment(app.repos, reference, result, app.receiptLinks))?.payment ?? payment;
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    app.log.warn({ err: error, reference }, 'Payment provider unreachable during verification');
    return payment;
  }
}

/**
 * The verify answer and its HTTP status. Spec clients treat any answer that carries `message` as a
 * verified payment and any non-2xx answer as an error (§7, §8), so:
 *  - success → 200 with the spec's message;
 *  - failed / abandoned → 402 Payment Required in the error shape ({detail, code}) plus the status and
 *    amounts: the payment did not happen, and no client can read it as success;
 *  - pending / flagged → 202 Accepted without `message`: the check worked but there is no outcome a
 *    donor can act on yet (the provider has not decided, or an admin reviews a mismatched amount).
 *    A 2xx keeps a spec client from telling the donor "not successful" about money that may still
 *    arrive; without `message` it cannot read it as verified either (it shows its neutral
 *    'Payment verification complete'), and our PWA polls and offers 'Check again'.
 */
export function verificationAnswer(view: PaymentView, receiptUrl?: string): { statusCode: 200 | 202 | 402; body: PaymentVerification } {
  const fields = verificationFields(view);
  const status = view.payment.status;
  switch (status) {
    case 'success':
      return {
        statusCode: 200,
        body: { ...fields, status, message: PAYMENT_VERIFIED_MESSAGE, ...(receiptUrl ? { receipt_url: receiptUrl } : {}) },
      };
    case 'failed':
      return { statusCode: 402, body: { ...fields, status, code: 'payment_failed' } };
    case 'abandoned':
      return { statusCode: 402, body: { ...fields, status, code: 'payment_abandoned' } };
    default:
      return { statusCode: 202, body: { ...fields, status } };
  }
}

/** What every verify answer carries besides its status (and message or code). */
function verificationFields(view: PaymentView) {
  const { payment } = view;
  return {
    reference: payment.reference,
    detail: MESSAGES[payment.status],
    total_amount: toDecimalString(payment.amount),
    currency: 'GHS' as const,
    donations: view.donations.map((d) => ({
      id: d.id,
      cause_id: d.causeId,
      cause_title: d.causeTitle,
      amount: toDecimalString(d.amount),
      status: d.status,
    })),
  };
}
