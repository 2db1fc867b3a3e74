import { createFileRoute } from '@tanstack/react-router';
import { confirmNewsletter } from '../features/content/api/content-api';
import { NewsletterLinkPage } from '../features/content/components/newsletter-link-page';
import { useT } from '../lib/i18n';
import { tokenSearch } from '../lib/token-search';

export const Route = createFileRoute('/newsletter-confirm')({ validateSearch: tokenSearch, component: ConfirmPage });

function ConfirmPage() {
  const { token } = Route.useSearch();
  const t = useT();
  return (
    <NewsletterLinkPage
      title={t('content.newsletter.confirm.title')}
      action={t('content.newsletter.confirm.action')}
      busy={t('content.newsletter.confirm.busy')}
      done={t('content.newsletter.confirm.done')}
      token={token}
      run={confirmNewsletter}
    />
  );
}
