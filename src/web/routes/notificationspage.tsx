import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../components/coming-soon';
import { requireSignedIn } from '../lib/guards';

export const Route = createFileRoute('/notificationspage')({ beforeLoad: requireSignedIn, component: NotificationsPage });

function NotificationsPage() {
  return <ComingSoon title="Your notifications" />;
}
