import { createFileRoute } from '@tanstack/react-router';
import { RequireAdmin } from '../components/require-admin';
import { DashboardLayout } from '../features/dashboard/components/dashboard-layout';
import { AdminWithdrawalsPage } from '../features/payouts/components/admin-withdrawals-page';
import { requireSignedIn } from '../lib/guards';

export const Route = createFileRoute('/adminwithdrawals')({ beforeLoad: requireSignedIn, component: AdminWithdrawalsRoute });

function AdminWithdrawalsRoute() {
  return (
    <RequireAdmin>
      <DashboardLayout>
        <AdminWithdrawalsPage />
      </DashboardLayout>
    </RequireAdmin>
  );
}
