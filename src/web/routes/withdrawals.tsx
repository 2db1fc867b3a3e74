import { createFileRoute } from '@tanstack/react-router';
import { DashboardLayout } from '../features/dashboard/components/dashboard-layout';
import { OrganizerWithdrawalsIndex } from '../features/payouts/components/organizer-withdrawals-index';
import { requireSignedIn } from '../lib/guards';

export const Route = createFileRoute('/withdrawals')({ beforeLoad: requireSignedIn, component: WithdrawalsRoute });

function WithdrawalsRoute() {
  return (
    <DashboardLayout>
      <OrganizerWithdrawalsIndex />
    </DashboardLayout>
  );
}
