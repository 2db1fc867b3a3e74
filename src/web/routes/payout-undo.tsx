import { createFileRoute } from '@tanstack/react-router';
import { PayoutUndoPage } from '../features/security/components/payout-undo-page';
import { tokenSearch } from '../lib/token-search';

export const Route = createFileRoute('/payout-undo')({ validateSearch: tokenSearch, component: UndoRoute });

function UndoRoute() {
  const { token } = Route.useSearch();
  return <PayoutUndoPage token={token} />;
}
