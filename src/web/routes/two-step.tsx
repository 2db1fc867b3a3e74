import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useSnapshot } from 'valtio';
import { PageShell } from '../components/layout/page-shell';
import { TwoStepSetupPage } from '../features/security/components/two-step-setup';
import { requireSignedIn } from '../lib/guards';
import { validateRedirectSearch } from '../lib/redirect-path';
import { session } from '../stores/session-store';

export const Route = createFileRoute('/two-step')({
  validateSearch: validateRedirectSearch,
  beforeLoad: requireSignedIn,
  component: TwoStepRoute,
});

function TwoStepRoute() {
  const { redirect } = Route.useSearch();
  const navigate = useNavigate();
  const { role } = useSnapshot(session);
  return (
    <PageShell>
      <TwoStepSetupPage
        isAdmin={role === 'admin'}
        onDone={() => void (redirect ? navigate({ href: redirect }) : navigate({ to: '/profilesettings' }))}
      />
    </PageShell>
  );
}
