import { createFileRoute } from '@tanstack/react-router';
import { PageShell } from '../../components/layout/page-shell';
import { CreateCauseForm } from '../../features/causes/components/create-cause-form';
import { requireSignedIn } from '../../lib/guards';
import { useT } from '../../lib/i18n';
import { useDocumentTitle } from '../../lib/use-document-title';

export const Route = createFileRoute('/causes/create')({ beforeLoad: requireSignedIn, component: CreateCausePage });

function CreateCausePage() {
  const t = useT();
  useDocumentTitle(t('causes.create.title'));
  const router = Route.useNavigate();
  return (
    <PageShell className="container page page--narrow">
      <h1>{t('causes.create.title')}</h1>
      <CreateCauseForm goBack={() => (window.history.length > 1 ? window.history.back() : void router({ to: '/causelistpage' }))} />
    </PageShell>
  );
}
