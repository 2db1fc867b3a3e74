/**
 * A gift made on a USSD menu: the same mobile money charge the donation form starts (payments/
 * mobile-money.ts), on the wallet of the phone that dialled. The session claims one payment
 * reference before anything is created (repositories/ussd.ts claimPayment), so a gateway's retry,
 * or the same step answered by two processes, starts one charge. The money is credited like any
 * other: only verify, webhook or sweeper through settlePayment, exactly once.
 *
 * A gateway hangs up on us after a few seconds, so the prompt is given PROMPT_WAIT_MS: a provider
 * slower than that still gets the charge (it goes on after the answer) and the phone is told to
 * approve it when the prompt comes.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { MobileCharge } from '../../shared/contract/mobile-money';
import { localGhanaMobile, type MobileNetwork } from '../../shared/phone';
import { ApiError } from '../lib/api-error';
import { currentCharge, promptExpiry, sendPrompt, submitOtp } from '../payments/mobile-money';
import { newPaymentReference } from '../payments/reference';
import { acceptsDonations } from '../repositories/causes';

export const PROMPT_WAIT_MS = 1_200;

/** The donor a phone is: no name, no address. `.invalid` mail is kept, never sent (repositories/mail.ts). */
export const ussdDonorEmail = (phone: string) => `${phone}@ussd.invalid`;

export type GiftOutcome =
  | { kind: 'charge'; charge: MobileCharge }
  /** The provider has not answered yet: the prompt is on its way. */
  | { kind: 'sending' }
  | { kind: 'not_accepting' }
  /** why: the payment service's words, or null when it could not be reached. */
  | { kind: 'failed'; why: string | null };

export interface UssdGift {
  sessionId: string;
  causeId: string;
  /** Pesewas. */
  amount: number;
  /** 233XXXXXXXXX. */
  phone: string;
  network: MobileNetwork;
  /** The caller answered "1 Yes" to texts: the receipt and the cause's news go to this phone. */
  texts: boolean;
  /** The session's language: the payment keeps it, so the SMS receipt and the cause's news are written in it. */
  locale: string;
}

/** Resolves after `ms` with null, unless the work answered first. */
function within<T>(work: Promise<T>, ms: number): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

const failedWhy = (error: unknown) => (error instanceof ApiError ? error.detail : null);

/** Starts the session's gift once; a repeat answers how the first one stands. */
export async function startUssdGift(app: FastifyInstance, request: FastifyRequest, gift: UssdGift): Promise<GiftOutcome> {
  const reference = newPaymentReference();
  if (!(await app.repos.ussd.claimPayment(gift.sessionId, reference))) return giftStatus(app, gift.sessionId);
  const cause = await app.repos.causes.find(gift.causeId);
  if (!cause || !acceptsDonations(cause.status, cause.acceptsDonationsAfterGoal)) return { kind: 'not_accepting' };
  const wallet = { phone: gift.phone, network: gift.network };
  const email = ussdDonorEmail(gift.phone);
  const payment = await app.repos.transaction(async (tx) => {
    const created = await tx.payments.createWithDonations(
      { reference, provider: app.payments.name, email, userId: null, cartId: null, locale: gift.locale },
      {
        donorId: null,
        email,
        donorName: '',
        firstName: '',
        lastName: '',
        country: 'Ghana',
        phoneCountryCode: '+233',
        phoneNumber: localGhanaMobile(gift.phone) ?? '',
        paymentMethod: 'mobile_money',
        // A phone gives no name, and its number is never shown: the gift reads as anonymous.
        isAnonymous: true,
        message: null,
        smsPhone: gift.texts ? gift.phone : null,
      },
      [{ causeId: gift.causeId, amount: gift.amount }],
    );
    await tx.mobileCharges.open({
      paymentId: created.payment.id,
      ...wallet,
      step: 'pay_offline',
      displayText: 'Sending the prompt to your phone…',
      expiresAt: promptExpiry(app),
    });
    return created.payment;
  });
  const sending = sendPrompt(app, request, payment, wallet);
  // Whatever happens after the answer is only logged: the payment row already says how it ended.
  sending.catch((error: unknown) => request.log.warn({ err: error, reference }, 'USSD gift prompt failed'));
  try {
    const charge = await within(sending, PROMPT_WAIT_MS);
    return charge ? { kind: 'charge', charge } : { kind: 'sending' };
  } catch (error) {
    return { kind: 'failed', why: failedWhy(error) };
  }
}

/** How the session's gift stands (sending when its payment is not written yet). */
export async function giftStatus(app: FastifyInstance, sessionId: string): Promise<GiftOutcome> {
  const session = await app.repos.ussd.session(sessionId);
  const reference = session?.paymentReference;
  if (!reference) return { kind: 'sending' };
  try {
    return { kind: 'charge', charge: await currentCharge(app, reference) };
  } catch {
    return { kind: 'sending' };
  }
}

/** The code a wallet sent by SMS (numbers the provider asks a code of), for the session's gift. */
export async function submitUssdOtp(app: FastifyInstance, request: FastifyRequest, reference: string, otp: string): Promise<GiftOutcome> {
  const submitting = submitOtp(app, request, reference, otp);
  submitting.catch((error: unknown) => request.log.warn({ err: error, reference }, 'USSD gift code failed'));
  try {
    const charge = await within(submitting, PROMPT_WAIT_MS);
    return charge ? { kind: 'charge', charge } : { kind: 'sending' };
  } catch (error) {
    return { kind: 'failed', why: failedWhy(error) };
  }
}
