import { createFileRoute } from '@tanstack/react-router';
import { CauseListPage } from '../features/causes/components/cause-list-page';
import { validateCauseListSearch } from '../features/causes/lib/list-search';

export const Route = createFileRoute('/causelistpage')({
  validateSearch: validateCauseListSearch,
  component: CauseListRoute,
});

function CauseListRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <CauseListPage search={search} onSearchChange={(next, options) => void navigate({ search: next, replace: options?.replace })} />;
}
