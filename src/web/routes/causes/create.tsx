import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../components/coming-soon';
import { requireSignedIn } from '../../lib/guards';

export const Route = createFileRoute('/causes/create')({ beforeLoad: requireSignedIn, component: CreateCausePage });

function CreateCausePage() {
  return <ComingSoon title="Create a Cause" />;
}
