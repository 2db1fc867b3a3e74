import { LAST_PAYMENT_REFERENCE_KEY } from '../../../../shared/payment-status';
import type { PaymentStart } from '../../../../shared/contract/cart';

/** Leaving for the payment provider; tests replace `assign`. */
export const paymentNavigation = {
  assign: (url: string) => window.location.assign(url),
};

/** Stores the reference (spec §3, read back by /payment-status) and goes to the provider. */
export function goToPayment(start: PaymentStart): void {
  try {
    localStorage.setItem(LAST_PAYMENT_REFERENCE_KEY, start.reference);
  } catch {
    // storage blocked: the provider's return URL carries the reference anyway
  }
  paymentNavigation.assign(start.authorization_url);
}
