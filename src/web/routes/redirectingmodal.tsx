import { createFileRoute } from '@tanstack/react-router';
import { RedirectingScreen } from '../features/donation/components/redirecting-screen';
import { useDocumentTitle } from '../lib/use-document-title';

export const Route = createFileRoute('/redirectingmodal')({ component: RedirectingRoute });

function RedirectingRoute() {
  useDocumentTitle('Redirecting you to the payment');
  return (
    <main id="main" tabIndex={-1}>
      <RedirectingScreen />
    </main>
  );
}
