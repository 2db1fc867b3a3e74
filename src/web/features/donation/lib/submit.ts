import type { PaymentStart } from '../../../../shared/contract/cart';
import type { MobileCharge } from '../../../../shared/contract/mobile-money';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../stores/toast-store';
import { goToPayment } from './redirect';

export const MESSAGES = {
  invalidAmount: 'Please enter a valid donation amount',
  missingCause: 'Missing cause reference',
  noAuthorizationUrl: 'Unable to start payment',
  failed: 'Failed to initiate donation',
  /** A mobile money prompt is never queued for later: the donor would not be there to approve it. */
  momoOffline: 'We could not reach Boafo, so no prompt was sent and nothing was charged. Try again when you are online.',
  momoFields: 'Check the mobile money number.',
} as const;

/** What starting a payment answers: the hosted checkout's page, or a mobile money charge to follow in place. */
export type StartAnswer = PaymentStart | MobileCharge;

export function isMobileCharge(answer: StartAnswer): answer is MobileCharge {
  return 'status' in answer && !('authorization_url' in answer && answer.authorization_url);
}

/**
 * Runs a payment start: leaves for the provider ('left'), hands back a mobile money charge, or toasts
 * why not (null): no authorization_url → 'Unable to start payment'; an exception → 'Failed to
 * initiate donation', or for mobile money the server's own words (a refused number) or that the
 * connection is down (nothing is queued: a prompt needs the donor there to approve it).
 */
export async function startPayment(start: () => Promise<StartAnswer | undefined>, mobile: boolean): Promise<'left' | MobileCharge | null> {
  let answer: StartAnswer | undefined;
  try {
    answer = await start();
  } catch (error) {
    if (!mobile) toast.error(MESSAGES.failed);
    else if (!(error instanceof ApiError)) toast.error(MESSAGES.momoOffline);
    else toast.error(error.status < 500 && error.errorBody?.detail ? error.errorBody.detail : MESSAGES.failed);
    return null;
  }
  if (answer && isMobileCharge(answer)) return answer;
  if (!answer?.authorization_url) {
    toast.error(MESSAGES.noAuthorizationUrl);
    return null;
  }
  goToPayment(answer);
  return 'left';
}
