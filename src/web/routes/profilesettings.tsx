import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../components/coming-soon';
import { requireSignedIn } from '../lib/guards';

export const Route = createFileRoute('/profilesettings')({ beforeLoad: requireSignedIn, component: ProfileSettingsPage });

function ProfileSettingsPage() {
  return <ComingSoon title="Profile settings" />;
}
