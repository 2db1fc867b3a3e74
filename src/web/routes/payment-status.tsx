import { createFileRoute } from '@tanstack/react-router';
import { cartSync } from '../features/cart/cart-runtime';
import { refreshDonationHistory } from '../features/history/api/history-api';
import { PaymentStatusPage } from '../features/payment/components/payment-status-page';
import { validatePaymentStatusSearch } from '../features/payment/lib/reference';

export const Route = createFileRoute('/payment-status')({ validateSearch: validatePaymentStatusSearch, component: PaymentStatusRoute });

function PaymentStatusRoute() {
  const { reference } = Route.useSearch();
  return (
    <PaymentStatusPage
      reference={reference}
      onVerified={() => {
        // The paid lines left the server cart; the history has the new donations.
        cartSync().requestRefresh();
        void refreshDonationHistory();
      }}
    />
  );
}
