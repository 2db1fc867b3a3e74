/**
 * How long an unpaid payment stays open. A provider with no outcome yet answers 'pending', and
 * Paystack calls every checkout nobody has paid yet 'abandoned' although the donor can still pay it.
 * Either way the payment stays pending here (a verify answers 202, never 402 "cancelled") until
 * PAYMENT_ABANDON_AFTER_SECONDS after it started; after that it is abandoned for us by whoever asks
 * the provider next (a verify, a webhook or the sweeper). A success the provider confirms later
 * still credits it (settle.ts). One rule for every path that asks the provider.
 */
import type { ProviderResult } from './provider';

export interface JudgedAnswer {
  /** What to settle: success/failed as the provider said, 'pending' while the window is open, else 'abandoned'. */
  result: ProviderResult;
  /** True when the window closed on a payment the provider never called paid. */
  expired: boolean;
}

export function judgeAnswer(answer: ProviderResult, ageSeconds: number, abandonSeconds: number): JudgedAnswer {
  if (answer.status !== 'pending' && answer.status !== 'abandoned') return { result: answer, expired: false };
  if (ageSeconds < abandonSeconds) return { result: { ...answer, status: 'pending' }, expired: false };
  return {
    result: {
      status: 'abandoned',
      amount: null,
      currency: null,
      providerStatus: `expired: still ${answer.providerStatus} at the provider`,
    },
    expired: true,
  };
}
