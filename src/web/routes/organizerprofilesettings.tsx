import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../components/coming-soon';
import { requireSignedIn } from '../lib/guards';

export const Route = createFileRoute('/organizerprofilesettings')({ beforeLoad: requireSignedIn, component: OrganizerProfileSettingsPage });

function OrganizerProfileSettingsPage() {
  return <ComingSoon title="Organizer profile settings" />;
}
