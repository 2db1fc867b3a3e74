import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../components/coming-soon';
import { requireSignedIn } from '../lib/guards';

export const Route = createFileRoute('/profilepage')({ beforeLoad: requireSignedIn, component: ProfilePage });

function ProfilePage() {
  return <ComingSoon title="Your profile" />;
}
