import { createFileRoute } from '@tanstack/react-router';
import { causeExtras } from './-compose/cause-extras';
import { CauseDetailPage } from '../features/causes/components/cause-detail-page';

/** The spec's older detail path; it reads ?id= and shows the same real cause as /causes/$id. */
export const Route = createFileRoute('/causedetailpage')({
  validateSearch: (raw: Record<string, unknown>): { id?: string } =>
    typeof raw.id === 'string' && raw.id ? { id: raw.id } : typeof raw.id === 'number' ? { id: String(raw.id) } : {},
  component: CauseDetailMockPage,
});

function CauseDetailMockPage() {
  const { id } = Route.useSearch();
  return <CauseDetailPage id={id} extras={causeExtras} />;
}
