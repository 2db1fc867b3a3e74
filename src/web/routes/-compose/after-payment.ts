import { cartSync } from '../../features/cart/cart-runtime';
import { refreshDonationHistory } from '../../features/history/api/history-api';

/** A payment was verified (after the hosted checkout, or in place for mobile money): the paid lines left the server cart; the history has the new donations. */
export function afterPaymentVerified(): void {
  cartSync().requestRefresh();
  void refreshDonationHistory();
}
