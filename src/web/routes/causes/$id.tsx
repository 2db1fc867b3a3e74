import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../components/coming-soon';

export const Route = createFileRoute('/causes/$id')({ component: CauseDetailsPage });

function CauseDetailsPage() {
  return <ComingSoon title="Cause details" />;
}
