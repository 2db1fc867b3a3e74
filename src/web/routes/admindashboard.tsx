import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../components/coming-soon';
import { requireSignedIn } from '../lib/guards';
import { RequireAdmin } from '../components/require-admin';

export const Route = createFileRoute('/admindashboard')({ beforeLoad: requireSignedIn, component: AdminDashboardPage });

function AdminDashboardPage() {
  return (
    <RequireAdmin>
      <ComingSoon title="Admin dashboard" />
    </RequireAdmin>
  );
}
