import { createFileRoute } from '@tanstack/react-router';
import { unsubscribeNewsletter } from '../features/content/api/content-api';
import { NewsletterLinkPage } from '../features/content/components/newsletter-link-page';
import { useT } from '../lib/i18n';
import { tokenSearch } from '../lib/token-search';

export const Route = createFileRoute('/unsubscribe')({ validateSearch: tokenSearch, component: UnsubscribePage });

function UnsubscribePage() {
  const { token } = Route.useSearch();
  const t = useT();
  return (
    <NewsletterLinkPage
      title={t('content.newsletter.unsubscribe.title')}
      action={t('content.newsletter.unsubscribe.action')}
      busy={t('content.newsletter.unsubscribe.busy')}
      done={t('content.newsletter.unsubscribe.done')}
      token={token}
      run={unsubscribeNewsletter}
    />
  );
}
