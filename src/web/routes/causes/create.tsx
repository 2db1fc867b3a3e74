import { createFileRoute } from '@tanstack/react-router';
import { PageShell } from '../../components/layout/page-shell';
import { CreateCauseForm } from '../../features/causes/components/create-cause-form';
import { requireSignedIn } from '../../lib/guards';
import { useDocumentTitle } from '../../lib/use-document-title';

export const Route = createFileRoute('/causes/create')({ beforeLoad: requireSignedIn, component: CreateCausePage });

function CreateCausePage() {
  useDocumentTitle('Create a Cause');
  const router = Route.useNavigate();
  return (
    <PageShell className="container page page--narrow">
      <h1>Create a Cause</h1>
      <CreateCauseForm goBack={() => (window.history.length > 1 ? window.history.back() : void router({ to: '/causelistpage' }))} />
    </PageShell>
  );
}
