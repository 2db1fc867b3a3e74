import { createFileRoute } from '@tanstack/react-router';
import { causeExtras } from '../-compose/cause-extras';
import { CauseDetailPage } from '../../features/causes/components/cause-detail-page';

export const Route = createFileRoute('/causes/$id')({ component: CauseDetailsRoute });

function CauseDetailsRoute() {
  const { id } = Route.useParams();
  return <CauseDetailPage id={id} extras={causeExtras} />;
}
