import { createFileRoute } from '@tanstack/react-router';
import { DashboardLayout } from '../features/dashboard/components/dashboard-layout';
import { NotificationsPage } from '../features/notifications/components/notifications-page';
import { TreasurerInvitations } from '../features/payouts/components/treasurer-invitations';
import { requireSignedIn } from '../lib/guards';

export const Route = createFileRoute('/notificationspage')({ beforeLoad: requireSignedIn, component: NotificationsRoute });

/** Spec §2 /notificationspage: 'Your notifications' inside the signed-in shell, treasurer invitations first. */
function NotificationsRoute() {
  return (
    <DashboardLayout>
      <TreasurerInvitations />
      <NotificationsPage />
    </DashboardLayout>
  );
}
