import { createFileRoute } from '@tanstack/react-router';
import { RequireAdmin } from '../components/require-admin';
import { DashboardLayout } from '../features/dashboard/components/dashboard-layout';
import { AdminDonationsPage } from '../features/refunds/components/admin-donations-page';
import { requireSignedIn } from '../lib/guards';

/** `?cause_id=`: kept only when it is a non-empty string (the page checks it is a cause ID). */
function causeSearch(search: Record<string, unknown>): { cause_id?: string } {
  return typeof search.cause_id === 'string' && search.cause_id ? { cause_id: search.cause_id } : {};
}

export const Route = createFileRoute('/admindonations')({
  validateSearch: causeSearch,
  beforeLoad: requireSignedIn,
  component: AdminDonationsRoute,
});

function AdminDonationsRoute() {
  const { cause_id } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <RequireAdmin>
      <DashboardLayout>
        <AdminDonationsPage causeId={cause_id} onPick={(id) => void navigate({ search: { cause_id: id } })} />
      </DashboardLayout>
    </RequireAdmin>
  );
}
