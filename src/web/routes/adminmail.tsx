import { createFileRoute } from '@tanstack/react-router';
import { RequireAdmin } from '../components/require-admin';
import { OutgoingMailPage } from '../features/admin/components/outgoing-mail-page';
import { DashboardLayout } from '../features/dashboard/components/dashboard-layout';
import { requireSignedIn } from '../lib/guards';

export const Route = createFileRoute('/adminmail')({ beforeLoad: requireSignedIn, component: AdminMailRoute });

function AdminMailRoute() {
  return (
    <RequireAdmin>
      <DashboardLayout>
        <OutgoingMailPage />
      </DashboardLayout>
    </RequireAdmin>
  );
}
