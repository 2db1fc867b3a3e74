import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../components/coming-soon';

export const Route = createFileRoute('/redirectingmodal')({ component: RedirectingPage });

function RedirectingPage() {
  return <ComingSoon title="Redirecting you to the payment" />;
}
