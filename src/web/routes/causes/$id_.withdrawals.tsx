import { createFileRoute } from '@tanstack/react-router';
import { DashboardLayout } from '../../features/dashboard/components/dashboard-layout';
import { CauseWithdrawalsPage } from '../../features/payouts/components/cause-withdrawals-page';
import { CauseDonationsSection } from '../../features/refunds/components/cause-donations-section';
import { requireSignedIn } from '../../lib/guards';

/** /causes/{id}/withdrawals: the organizer's balance, request form and history (not nested in the detail page). */
export const Route = createFileRoute('/causes/$id_/withdrawals')({ beforeLoad: requireSignedIn, component: CauseWithdrawalsRoute });

function CauseWithdrawalsRoute() {
  const { id } = Route.useParams();
  return (
    <DashboardLayout>
      <CauseWithdrawalsPage causeId={id} donations={(onRefunded) => <CauseDonationsSection causeId={id} onRefunded={onRefunded} />} />
    </DashboardLayout>
  );
}
