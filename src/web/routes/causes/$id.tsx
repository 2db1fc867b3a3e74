import { createFileRoute } from '@tanstack/react-router';
import { causeLedger } from '../-compose/cause-with-ledger';
import { CauseDetailPage } from '../../features/causes/components/cause-detail-page';

export const Route = createFileRoute('/causes/$id')({ component: CauseDetailsRoute });

function CauseDetailsRoute() {
  const { id } = Route.useParams();
  return <CauseDetailPage id={id} extras={causeLedger} />;
}
