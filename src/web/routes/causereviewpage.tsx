import { createFileRoute } from '@tanstack/react-router';
import { RequireAdmin } from '../components/require-admin';
import { CauseReviewPage } from '../features/admin/components/cause-review-page';
import { DashboardLayout } from '../features/dashboard/components/dashboard-layout';
import { requireSignedIn } from '../lib/guards';

export const Route = createFileRoute('/causereviewpage')({ beforeLoad: requireSignedIn, component: CauseReviewRoute });

function CauseReviewRoute() {
  return (
    <RequireAdmin>
      <DashboardLayout>
        <CauseReviewPage />
      </DashboardLayout>
    </RequireAdmin>
  );
}
