import { createFileRoute } from '@tanstack/react-router';
import { RequireAdmin } from '../components/require-admin';
import { AuditTrailPage } from '../features/admin/components/audit-trail-page';
import { DashboardLayout } from '../features/dashboard/components/dashboard-layout';
import { requireSignedIn } from '../lib/guards';

export const Route = createFileRoute('/adminaudit')({ beforeLoad: requireSignedIn, component: AdminAuditRoute });

function AdminAuditRoute() {
  return (
    <RequireAdmin>
      <DashboardLayout>
        <AuditTrailPage />
      </DashboardLayout>
    </RequireAdmin>
  );
}
