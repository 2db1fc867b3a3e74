import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../components/coming-soon';

export const Route = createFileRoute('/organizerprofilepage')({ component: OrganizerProfilePage });

function OrganizerProfilePage() {
  return <ComingSoon title="Organizer profile" />;
}
