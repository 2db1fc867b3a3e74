import type { PaymentStart } from '../../../../shared/contract/cart';
import type { MobileCharge } from '../../../../shared/contract/mobile-money';
import { ApiError } from '../../../lib/api-client';
import { t } from '../../../lib/i18n';
import { toast } from '../../../stores/toast-store';
import { goToPayment } from './redirect';

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
    if (!mobile) toast.error(t('donation.start.failed'));
    // A mobile money prompt is never queued for later: the donor would not be there to approve it.
    else if (!(error instanceof ApiError)) toast.error(t('donation.start.momoOffline'));
    else toast.error(error.status < 500 && error.errorBody?.detail ? error.errorBody.detail : t('donation.start.failed'));
    return null;
  }
  if (answer && isMobileCharge(answer)) return answer;
  if (!answer?.authorization_url) {
    toast.error(t('donation.start.noCheckout'));
    return null;
  }
  goToPayment(answer);
  return 'left';
}
