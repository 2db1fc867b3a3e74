import { createFileRoute } from '@tanstack/react-router';
import { RedirectingScreen } from '../features/donation/components/redirecting-screen';
import { useT } from '../lib/i18n';
import { useDocumentTitle } from '../lib/use-document-title';

export const Route = createFileRoute('/redirectingmodal')({ component: RedirectingRoute });

function RedirectingRoute() {
  const t = useT();
  useDocumentTitle(t('donation.redirecting.title'));
  return (
    <main id="main" tabIndex={-1}>
      <RedirectingScreen />
    </main>
  );
}
