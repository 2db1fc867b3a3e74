/**
 * What the routes do with payments: hand a created payment to the provider (PaymentStart),
 * and bring a payment up to date by asking the provider and settling (verify, webhook).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PAYMENT_VERIFIED_MESSAGE } from '../../shared/payment-status';
import type { PaymentStart } from '../../shared/contract/cart';
import type { PaymentVerification } from '../../shared/contract/payments';
import { toDecimalString } from '../../shared/money';
import { ApiError } from '../lib/api-error';
import type { PaymentView } from '../repositories/payments';
import { siteOrigin } from '../lib/site-origin';
import { judgeAnswer } from './pay-window';
import { ProviderError, type ProviderResult } from './provider';
import { returnOriginOf } from './return-origin';
import { settlePayment, type PaymentRow } from './settle';
import { english } from '../lib/localize';

export const START_FAILED = english('errors.payment.startFailed');

/** `detail` of the verify answer; only success also gets it as `message` (see verificationAnswer). */
const MESSAGES: Record<PaymentRow['status'], string> = {
  success: english('server.verify.success'),
  failed: english('server.verify.failed'),
  abandoned: english('server.verify.abandoned'),
  pending: english('server.verify.pending'),
  flagged: english('server.verify.flagged'),
  refunded: english('server.verify.refunded'),
};

/** `detail` while pending and the provider calls the checkout abandoned: the donor left it unpaid, and may still pay it. */
const NOT_PAID_YET = english('server.verify.notPaidYet');

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

/** A verify asks the provider again about a checkout it called abandoned (unpaid so far) at most this often. */
export const ABANDONED_RECHECK_SECONDS = 5;

/** Checks in flight per app and reference: concurrent verifies of one payment in a process share one. */
const checksInFlight = new WeakMap<FastifyInstance, Map<string, Promise<PaymentRow | null>>>();

/**
 * Brings a payment up to date: asks the provider while it is still open here, then settles.
 * `alsoClosed` (webhooks) re-checks failed/abandoned payments too, so a late success is credited,
 * and always asks: the provider says something changed. A verify instead joins a check of the same
 * payment already running in this process, and asks about a checkout the provider last called
 * abandoned at most once every ABANDONED_RECHECK_SECONDS (payments.provider_checked_at, so across
 * processes too); a throttled verify answers what the database holds. A provider that cannot be
 * reached leaves the payment as it is.
 */
export function refreshPayment(app: FastifyInstance, reference: string, alsoClosed = false): Promise<PaymentRow | null> {
  if (alsoClosed) return checkWithProvider(app, reference, true);
  let checks = checksInFlight.get(app);
  if (!checks) checksInFlight.set(app, (checks = new Map()));
  const running = checks.get(reference);
  if (running) return running;
  const check = checkWithProvider(app, reference, false).finally(() => checks.delete(reference));
  checks.set(reference, check);
  return check;
}

async function checkWithProvider(app: FastifyInstance, reference: string, alsoClosed: boolean): Promise<PaymentRow | null> {
  const payment = await app.repos.payments.findByReference(reference);
  if (!payment) return null;
  const open = payment.status === 'pending' || (alsoClosed && (payment.status === 'failed' || payment.status === 'abandoned'));
  if (!open || payment.provider !== app.payments.name) return payment;
  // A webhook always asks and does not take a verify's turn (the verifies' check must not be throttled by it).
  const age = alsoClosed
    ? await app.repos.payments.ageSeconds(payment.id)
    : await app.repos.payments.claimCheck(payment.id, ABANDONED_RECHECK_SECONDS);
  if (age === null) return payment;
  try {
    const answer = await app.payments.verify(reference);
    return (await applyProviderAnswer(app, payment, answer, age)).payment ?? payment;
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    app.log.warn({ err: error, reference }, 'Payment provider unreachable during verification');
    return payment;
  }
}

export interface AppliedAnswer {
  payment: PaymentRow | null;
  /** This call moved the payment out of pending (or a closed one to success). */
  changed: boolean;
  /** It was abandoned because PAYMENT_ABANDON_AFTER_SECONDS passed without an outcome (pay-window.ts). */
  expired: boolean;
}

/**
 * The provider's answer about a payment `ageSeconds` old, by the pay window (pay-window.ts): settled
 * when it decided, kept pending with the provider's word noted while the window is open, abandoned after.
 * Verify, webhook and the sweeper all apply answers here.
 */
export async function applyProviderAnswer(
  app: FastifyInstance,
  payment: PaymentRow,
  answer: ProviderResult,
  ageSeconds: number,
): Promise<AppliedAnswer> {
  const { result, expired } = judgeAnswer(answer, ageSeconds, app.config.sweeper.paymentAbandonSeconds);
  if (result.status === 'pending') {
    const noted = payment.status === 'pending' ? await app.repos.payments.noteProviderStatus(payment.id, result.providerStatus) : null;
    return { payment: noted ?? payment, changed: false, expired: false };
  }
  const settled = await settlePayment(app.repos, payment.reference, result, app.receiptLinks);
  return { payment: settled?.payment ?? null, changed: settled?.changed ?? false, expired: expired && !!settled?.changed };
}

/**
 * The verify answer and its HTTP status. Spec clients treat any answer that carries `message` as a
 * verified payment and any non-2xx answer as an error (§7, §8), so:
 *  - success → 200 with the spec's message;
 *  - failed / abandoned → 402 Payment Required in the error shape ({detail, code}) plus the status and
 *    amounts: the payment did not happen, and no client can read it as success;
 *  - pending / flagged → 202 Accepted without `message`: the check worked but there is no outcome a
 *    donor can act on yet (the provider has not decided, or an admin reviews a mismatched amount).
 *    A checkout the provider calls abandoned is still pending until PAYMENT_ABANDON_AFTER_SECONDS
 *    (pay-window.ts): the donor may go back and pay it, so it is no 402 "cancelled" yet.
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
    detail: payment.status === 'pending' && payment.providerStatus === 'abandoned' ? NOT_PAID_YET : MESSAGES[payment.status],
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
