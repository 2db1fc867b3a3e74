import { createFileRoute } from '@tanstack/react-router';
import { RequireAdmin } from '../components/require-admin';
import { AdminPaymentsPage } from '../features/admin/components/admin-payments-page';
import { DashboardLayout } from '../features/dashboard/components/dashboard-layout';
import { requireSignedIn } from '../lib/guards';

export const Route = createFileRoute('/adminpayments')({ beforeLoad: requireSignedIn, component: AdminPaymentsRoute });

function AdminPaymentsRoute() {
  return (
    <RequireAdmin>
      <DashboardLayout>
        <AdminPaymentsPage />
      </DashboardLayout>
    </RequireAdmin>
  );
}
