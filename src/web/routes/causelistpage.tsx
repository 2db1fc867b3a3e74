import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../components/coming-soon';

export const Route = createFileRoute('/causelistpage')({ component: CauseListPage });

function CauseListPage() {
  return <ComingSoon title="Causes" />;
}
