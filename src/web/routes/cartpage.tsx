import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../components/coming-soon';

export const Route = createFileRoute('/cartpage')({ component: CartPage });

function CartPage() {
  return <ComingSoon title="Your cart" />;
}
