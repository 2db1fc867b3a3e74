import type { PaymentStart } from '../../../../shared/contract/cart';
import { toast } from '../../../stores/toast-store';
import { goToPayment } from './redirect';

export const MESSAGES = {
  invalidAmount: 'Please enter a valid donation amount',
  missingCause: 'Missing cause reference',
  noAuthorizationUrl: 'Unable to start payment',
  failed: 'Failed to initiate donation',
} as const;

/**
 * Runs a payment start and either leaves for the provider (true) or toasts why not (false):
 * no authorization_url → 'Unable to start payment'; an exception → 'Failed to initiate donation'.
 */
export async function startAndRedirect(start: () => Promise<PaymentStart | undefined>): Promise<boolean> {
  let answer: PaymentStart | undefined;
  try {
    answer = await start();
  } catch {
    toast.error(MESSAGES.failed);
    return false;
  }
  if (!answer?.authorization_url) {
    toast.error(MESSAGES.noAuthorizationUrl);
    return false;
  }
  goToPayment(answer);
  return true;
}
