import { createFileRoute } from '@tanstack/react-router';
import { RequireAdmin } from '../components/require-admin';
import { DashboardLayout } from '../features/dashboard/components/dashboard-layout';
import { UssdSimulatorPage } from '../features/ussd/components/ussd-simulator-page';
import { requireSignedIn } from '../lib/guards';

export const Route = createFileRoute('/adminussd')({ beforeLoad: requireSignedIn, component: AdminUssdRoute });

function AdminUssdRoute() {
  return (
    <RequireAdmin>
      <DashboardLayout>
        <UssdSimulatorPage />
      </DashboardLayout>
    </RequireAdmin>
  );
}
