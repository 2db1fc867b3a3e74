import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../components/coming-soon';

export const Route = createFileRoute('/causedetailpage')({ component: CauseDetailMockPage });

function CauseDetailMockPage() {
  return <ComingSoon title="Cause details" />;
}
