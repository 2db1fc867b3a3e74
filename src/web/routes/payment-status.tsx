import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../components/coming-soon';

export const Route = createFileRoute('/payment-status')({ component: PaymentStatusPage });

function PaymentStatusPage() {
  return <ComingSoon title="Payment status" />;
}
