/**
 * Paystack's Charge API for mobile money (https://paystack.com/docs/payments/payment-channels/#mobile-money):
 * POST /charge {email, amount (pesewas), currency: GHS, reference, mobile_money: {phone, provider}}
 * answers data.status pay_offline (approve the prompt on the phone), send_otp (Telecel's voucher or
 * a code by SMS, then POST /charge/submit_otp {otp, reference}), success, failed, pending or timeout.
 * Only the shapes and words live here; PaystackProvider makes the calls. The outcome that credits is
 * still verify's (GET /transaction/verify), reached from the charge.success webhook or a verify.
 */
import type { MobileChargeResult } from './provider';
import { ProviderError } from './provider';
import { english } from '../lib/localize';

export interface PaystackChargeData {
  status?: string;
  display_text?: string;
  message?: string;
  gateway_response?: string;
  reference?: string;
}

// Stored with the charge in English and answered in the reader's language (lib/localize.ts).
export const TIMED_OUT = english('server.mobileMoney.timedOut');
export const NOT_ENOUGH_MONEY = english('server.mobileMoney.notEnoughMoney');
export const DECLINED = english('server.mobileMoney.declined');
export const WRONG_CODE = english('server.mobileMoney.wrongCode');
export const DID_NOT_GO_THROUGH = english('server.mobileMoney.didNotGoThrough');

/** A provider's failure message in plain words a donor can act on. */
export function plainReason(words: string | null | undefined, status?: string): string {
  const text = `${status ?? ''} ${words ?? ''}`.toLowerCase();
  if (/insufficient|not enough|low balance|balance/.test(text)) return NOT_ENOUGH_MONEY;
  if (/time ?out|timed out|expired/.test(text)) return TIMED_OUT;
  if (/(otp|voucher|token|code).*(invalid|wrong|incorrect)|(invalid|wrong|incorrect).*(otp|voucher|token|code)/.test(text))
    return WRONG_CODE;
  if (/declin|reject|cancel|denied|not approved/.test(text)) return DECLINED;
  return DID_NOT_GO_THROUGH;
}

/** data.status of POST /charge and /charge/submit_otp as our next step; anything in between waits for the phone. */
export function chargeResult(
  httpStatus: number,
  envelope: { status?: boolean; message?: string; data?: PaystackChargeData },
): MobileChargeResult {
  const data = envelope.data;
  const status = typeof data?.status === 'string' ? data.status : null;
  const words = data?.display_text || data?.gateway_response || data?.message || envelope.message;
  if (status === 'failed' || status === 'timeout' || status === 'abandoned' || status === 'reversed') {
    return { status: 'failed', displayText: plainReason(words, status), reason: plainReason(words, status) };
  }
  if (httpStatus < 200 || httpStatus >= 300 || !data || status === null) {
    // A 4xx without a charge status is Paystack refusing the request itself (bad number, provider off).
    throw new ProviderError(
      `Paystack charge failed (${httpStatus}): ${envelope.message ?? 'no message'}`,
      httpStatus >= 400 && httpStatus < 500,
    );
  }
  if (status === 'success') return { status: 'success', displayText: english('server.mobileMoney.paid') };
  if (status === 'send_otp') return { status: 'send_otp', displayText: data.display_text || english('server.mobileMoney.enterCode') };
  // pay_offline, pending, ongoing, processing…: the network is waiting for the donor's approval.
  return { status: 'pay_offline', displayText: data.display_text || english('server.mobileMoney.approvePrompt') };
}
