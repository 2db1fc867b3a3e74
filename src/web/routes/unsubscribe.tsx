import { createFileRoute } from '@tanstack/react-router';
import { unsubscribeNewsletter } from '../features/content/api/content-api';
import { NewsletterLinkPage } from '../features/content/components/newsletter-link-page';
import { tokenSearch } from '../lib/token-search';

export const Route = createFileRoute('/unsubscribe')({ validateSearch: tokenSearch, component: UnsubscribePage });

function UnsubscribePage() {
  const { token } = Route.useSearch();
  return (
    <NewsletterLinkPage
      title="Unsubscribe from the newsletter"
      action="Unsubscribe"
      busy="Unsubscribing..."
      done="You are unsubscribed: no more newsletters to this address."
      token={token}
      run={unsubscribeNewsletter}
    />
  );
}
