import { createFileRoute } from '@tanstack/react-router';
import { PaymentStatusPage } from '../features/payment/components/payment-status-page';
import { validatePaymentStatusSearch } from '../features/payment/lib/reference';
import { afterPaymentVerified } from './-compose/after-payment';

export const Route = createFileRoute('/payment-status')({ validateSearch: validatePaymentStatusSearch, component: PaymentStatusRoute });

function PaymentStatusRoute() {
  const { reference } = Route.useSearch();
  return <PaymentStatusPage reference={reference} onVerified={afterPaymentVerified} />;
}
