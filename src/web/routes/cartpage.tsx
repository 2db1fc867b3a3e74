import { createFileRoute } from '@tanstack/react-router';
import { CartPage } from '../features/cart/components/cart-page';

export const Route = createFileRoute('/cartpage')({ component: CartRoute });

function CartRoute() {
  const navigate = Route.useNavigate();
  return (
    <CartPage
      onCheckout={(target) => {
        if (target.kind === 'single') void navigate({ to: '/donation', search: { causeId: target.causeId, amount: target.amount } });
        else void navigate({ to: '/multidonation', search: { causes: target.causeIds.join(',') } });
      }}
    />
  );
}
