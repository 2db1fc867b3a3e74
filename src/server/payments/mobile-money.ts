/**
 * Mobile money without leaving the app (issue #30): a gift charged straight to the donor's wallet.
 * The provider answers what the donor must do next (approve on the phone, type a code, nothing);
 * the outcome that credits still comes only from verify/webhook/sweeper through settlePayment.
 * A resent prompt is a new payment that takes the gift's donations over (repositories/mobile-charges.ts):
 * whichever of the gift's charges is paid first is credited, and the other can no longer be.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { MobileCharge, MobileMoneyInput } from '../../shared/contract/mobile-money';
import { formatGhs, toDecimalString } from '../../shared/money';
import { formatGhanaMobile, localGhanaMobile, networkOfMobile, normaliseGhanaMobile, type MobileNetwork } from '../../shared/phone';
import { ApiError, FieldErrorList } from '../lib/api-error';
import type { MobileChargeRow } from '../repositories/mobile-charges';
import type { PaymentRow } from '../repositories/settlements';
import { DID_NOT_GO_THROUGH, TIMED_OUT } from './paystack-charge';
import { ProviderError, type MobileChargeResult, type MobileProviderCode } from './provider';
import { newPaymentReference } from './reference';
import { refreshPayment, START_FAILED } from './service';
import { settlePayment } from './settle';
import { localeOfRequest } from '../lib/i18n';
import { english, localizeText } from '../lib/localize';

const PROVIDER_CODES: Record<MobileNetwork, MobileProviderCode> = { mtn: 'mtn', telecel: 'vod', at: 'atl' };

export const MONTHLY_IS_CARD_ONLY = english('errors.mobileMoney.monthlyCardOnly');
export const NO_NETWORK = english('errors.mobileMoney.noNetwork');
const NOT_FOUND = english('errors.notFound.payment');

export interface Wallet {
  /** 233XXXXXXXXX. */
  phone: string;
  network: MobileNetwork;
}

/**
 * The wallet to charge, or field errors before anything is created or sent. A network that does
 * not match the number's prefix is allowed (ported numbers keep their prefix); an unknown network
 * never reaches here (the schema's enum).
 */
export function checkWallet(input: MobileMoneyInput, interval: string | undefined): Wallet {
  const errors = new FieldErrorList();
  if (interval === 'monthly') errors.add('interval', MONTHLY_IS_CARD_ONLY);
  const phone = normaliseGhanaMobile(input.phone);
  const compact = input.phone.replace(/[\s().-]/g, '').replace(/^\+/, '');
  if (!phone) {
    const landline = /^(?:0|233)3\d{8}$/.test(compact);
    const digits = /^(?:0|233)\d*$/.test(compact);
    errors.add(
      'mobile_money.phone',
      landline
        ? english('errors.mobileMoney.landline')
        : digits
          ? english('errors.mobileMoney.tenDigits')
          : english('errors.mobileMoney.badNumber'),
    );
  }
  const network = input.network ?? (phone ? networkOfMobile(phone) : null);
  if (phone && !network) errors.add('mobile_money.phone', NO_NETWORK);
  errors.throwIfAny();
  return { phone: phone!, network: network! };
}

export function promptExpiry(app: FastifyInstance): Date {
  return new Date(Date.now() + app.config.mobilePromptSeconds * 1000);
}

/** The payment as the donor's page reads it. */
export function chargeAnswer(payment: PaymentRow, charge: MobileChargeRow, expired: boolean): MobileCharge {
  const base = {
    reference: payment.reference,
    total_amount: toDecimalString(payment.amount),
    network: charge.network,
    phone: formatGhanaMobile(charge.phone),
    expires_at: charge.expiresAt.toISOString(),
  };
  switch (payment.status) {
    case 'success':
      return { ...base, status: 'success', display_text: english('server.mobileMoney.received', { amount: formatGhs(payment.amount) }) };
    case 'flagged':
      // Money moved but does not match what we asked: an admin looks before it counts.
      return { ...base, status: 'success', display_text: english('server.mobileMoney.checkingAmount') };
    case 'pending':
      if (payment.supersededBy) return { ...base, status: 'failed', display_text: english('server.mobileMoney.superseded') };
      if (expired) return { ...base, status: 'failed', display_text: TIMED_OUT };
      return { ...base, status: charge.step, display_text: charge.displayText };
    default:
      return { ...base, status: 'failed', display_text: charge.reason ?? DID_NOT_GO_THROUGH };
  }
}

/** The answer in the request's language: the words it stores and the provider's are English (lib/localize.ts). */
export function inRequestLanguage(charge: MobileCharge, request: FastifyRequest): MobileCharge {
  return { ...charge, display_text: localizeText(charge.display_text, localeOfRequest(request.headers)) };
}

export async function currentCharge(app: FastifyInstance, reference: string): Promise<MobileCharge> {
  const found = await app.repos.mobileCharges.byReference(reference);
  if (!found) throw new ApiError(404, 'not_found', NOT_FOUND);
  return chargeAnswer(found.payment, found.charge, await app.repos.mobileCharges.expired(found.payment.id));
}

/**
 * A mobile money payment the caller may act on: its signed-in donor, or anyone holding the reference
 * of a guest's payment (the unguessable reference is the guest's key, as for verify). Else 404.
 */
export async function ownMobilePayment(app: FastifyInstance, request: FastifyRequest, reference: string) {
  const user = await app.optionalUser(request);
  const found = await app.repos.mobileCharges.byReference(reference);
  if (!found || (found.payment.userId && found.payment.userId !== user?.id)) throw new ApiError(404, 'not_found', NOT_FOUND);
  return found;
}

/** Records what the provider said about a charge; a paid one is verified and settled, a failed one settled failed. */
async function applyChargeResult(app: FastifyInstance, payment: PaymentRow, result: MobileChargeResult): Promise<void> {
  if (result.status === 'success') {
    // Verify is the only answer that credits: the same path as the webhook.
    await refreshPayment(app, payment.reference);
    return;
  }
  if (result.status === 'failed') {
    const reason = result.reason ?? result.displayText;
    await app.repos.mobileCharges.update(payment.id, { reason });
    await settlePayment(
      app.repos,
      payment.reference,
      { status: 'failed', amount: null, currency: null, providerStatus: 'charge_failed', reason },
      app.receiptLinks,
    );
    return;
  }
  await app.repos.mobileCharges.update(payment.id, { step: result.status, displayText: result.displayText });
}

/** Sends the prompt for a payment whose mobile charge row exists; a provider that cannot be reached fails it (502). */
export async function sendPrompt(
  app: FastifyInstance,
  request: FastifyRequest,
  payment: PaymentRow,
  wallet: Wallet,
): Promise<MobileCharge> {
  const view = await app.repos.payments.view(payment.reference);
  let result: MobileChargeResult;
  try {
    result = await app.payments.chargeMobile({
      phone: localGhanaMobile(wallet.phone)!,
      provider: PROVIDER_CODES[wallet.network],
      amount: payment.amount,
      email: payment.email,
      reference: payment.reference,
      metadata: { donation_ids: view?.donations.map((d) => d.id) ?? [], payment_id: payment.id },
    });
  } catch (error) {
    request.log.warn({ err: error, reference: payment.reference }, 'Payment provider refused a mobile money charge');
    const providerStatus = error instanceof ProviderError ? 'charge_error' : 'charge_crash';
    await settlePayment(app.repos, payment.reference, { status: 'failed', amount: null, currency: null, providerStatus }, app.receiptLinks);
    throw new ApiError(502, 'server_error', START_FAILED);
  }
  await applyChargeResult(app, payment, result);
  return currentCharge(app, payment.reference);
}

/** POST …/otp/: the code goes to the provider while the prompt waits for one; a decided payment answers as it stands. */
export async function submitOtp(app: FastifyInstance, request: FastifyRequest, reference: string, otp: string): Promise<MobileCharge> {
  const { payment, charge } = await ownMobilePayment(app, request, reference);
  if (payment.status !== 'pending' || payment.supersededBy || (await app.repos.mobileCharges.expired(payment.id))) {
    return currentCharge(app, reference);
  }
  if (charge.step !== 'send_otp') throw new ApiError(409, 'conflict', english('errors.mobileMoney.notWaitingForCode'));
  let result: MobileChargeResult;
  try {
    result = await app.payments.submitOtp(reference, otp);
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    request.log.warn({ err: error, reference }, 'Payment provider refused a mobile money code');
    throw new ApiError(502, 'server_error', english('errors.mobileMoney.codeNotPassed'));
  }
  await applyChargeResult(app, payment, result);
  return currentCharge(app, reference);
}

/** GET …/mobile/: where the prompt stands; after it lapses the provider is asked once more (still unpaid → "Timed out"). */
export async function chargeStatus(app: FastifyInstance, request: FastifyRequest, reference: string): Promise<MobileCharge> {
  const { payment } = await ownMobilePayment(app, request, reference);
  if (payment.status === 'pending') await refreshPayment(app, reference);
  return currentCharge(app, reference);
}

/**
 * POST …/resend/: a new prompt, under a new reference, for the same gift. Only once the old prompt is
 * over (failed, or lapsed and still unpaid when asked once more): before that the donor approves the
 * one on the phone. The old payment keeps its chance: if its approval arrives later it is credited and
 * the new one can no longer be (settlePayment → takeBack), and a new charge is not sent when the old
 * one was paid in the meantime.
 */
export async function resendPrompt(app: FastifyInstance, request: FastifyRequest, reference: string): Promise<MobileCharge> {
  const { payment, charge } = await ownMobilePayment(app, request, reference);
  if (payment.status === 'pending' && !payment.supersededBy) {
    if (!(await app.repos.mobileCharges.expired(payment.id))) {
      throw new ApiError(409, 'conflict', english('errors.mobileMoney.stillWaiting'));
    }
    await refreshPayment(app, reference);
  }
  const old = (await app.repos.payments.findByReference(reference))!;
  if (old.status === 'success' || old.status === 'flagged' || old.status === 'refunded') return currentCharge(app, reference);
  if (old.supersededBy) throw new ApiError(409, 'conflict', english('errors.mobileMoney.alreadyResent'));
  const wallet: Wallet = { phone: charge.phone, network: charge.network };
  const next = await app.repos.transaction(async (tx) => {
    await tx.mobileCharges.lockChain(reference);
    const current = await tx.payments.findById(old.id);
    if (!current) return null;
    const created = await tx.mobileCharges.supersede(current, {
      reference: newPaymentReference(),
      provider: app.payments.name,
      email: current.email,
      userId: current.userId,
      cartId: current.cartId,
      locale: current.locale,
    });
    if (!created) return null;
    await tx.mobileCharges.open({
      paymentId: created.id,
      ...wallet,
      step: 'pay_offline',
      displayText: english('server.mobileMoney.approveAmount', { amount: formatGhs(created.amount) }),
      expiresAt: promptExpiry(app),
    });
    return created;
  });
  if (!next) return currentCharge(app, reference);
  // The old prompt's approval may have landed between the commit and here: then it took the gift back.
  const fresh = await app.repos.payments.findById(next.id);
  if (fresh?.status !== 'pending') return currentCharge(app, reference);
  return sendPrompt(app, request, fresh, wallet);
}
