import { createFileRoute } from '@tanstack/react-router';
import { RequireAdmin } from '../components/require-admin';
import { AdminDashboardPage } from '../features/admin/components/admin-dashboard-page';
import { DashboardLayout } from '../features/dashboard/components/dashboard-layout';
import { requireSignedIn } from '../lib/guards';

export const Route = createFileRoute('/admindashboard')({ beforeLoad: requireSignedIn, component: AdminDashboardRoute });

function AdminDashboardRoute() {
  return (
    <RequireAdmin>
      <DashboardLayout>
        <AdminDashboardPage />
      </DashboardLayout>
    </RequireAdmin>
  );
}
