import { createFileRoute } from '@tanstack/react-router';
import { confirmNewsletter } from '../features/content/api/content-api';
import { NewsletterLinkPage } from '../features/content/components/newsletter-link-page';
import { tokenSearch } from '../lib/token-search';

export const Route = createFileRoute('/newsletter-confirm')({ validateSearch: tokenSearch, component: ConfirmPage });

function ConfirmPage() {
  const { token } = Route.useSearch();
  return (
    <NewsletterLinkPage
      title="Confirm your subscription"
      action="Confirm my subscription"
      busy="Confirming..."
      done="Thank you: you will get the Boafo newsletter. Every issue has an unsubscribe link."
      token={token}
      run={confirmNewsletter}
    />
  );
}
