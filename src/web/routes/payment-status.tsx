import { createFileRoute } from '@tanstack/react-router';
import { refreshCartFromServer, startCartSync } from '../features/cart/cart-sync';
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
        startCartSync();
        void refreshCartFromServer();
        void refreshDonationHistory();
      }}
    />
  );
}
