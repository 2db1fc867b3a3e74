import { Link } from '@tanstack/react-router';
import { PageShell } from '../../../components/layout/page-shell';
import { intlLocales } from '../../../../shared/i18n/intl-locales';
import type { Locale } from '../../../../shared/i18n/locales';
import type { WebMessageId } from '../../../../shared/i18n/message-ids.gen';
import { slot } from '../../../../shared/i18n/slots';
import { useLocale, useT } from '../../../lib/i18n';
import { withElements } from '../../../lib/rich-text';
import { useDocumentTitle } from '../../../lib/use-document-title';
import '../content.css';

/** When the policy last changed (a UTC day), shown in the reader's language. */
export const POLICY_UPDATED = '2025-06-01';

const COLLECTED: Array<[WebMessageId, WebMessageId]> = [
  ['content.privacy.collect.accountLabel', 'content.privacy.collect.account'],
  ['content.privacy.collect.profileLabel', 'content.privacy.collect.profile'],
  ['content.privacy.collect.causesLabel', 'content.privacy.collect.causes'],
  ['content.privacy.collect.donationsLabel', 'content.privacy.collect.donations'],
  ['content.privacy.collect.payoutsLabel', 'content.privacy.collect.payouts'],
  ['content.privacy.collect.newsletterLabel', 'content.privacy.collect.newsletter'],
  ['content.privacy.collect.technicalLabel', 'content.privacy.collect.technical'],
];

const USES: WebMessageId[] = [
  'content.privacy.use.account',
  'content.privacy.use.review',
  'content.privacy.use.receipts',
  'content.privacy.use.newsletter',
  'content.privacy.use.legal',
];

/** "1 June 2025": the month written out, in the reader's language where Intl knows it. */
function longDate(day: string, locale: Locale): string {
  const locales = locale === 'en' ? ['en-GB'] : intlLocales(locale);
  return new Intl.DateTimeFormat(locales, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
}

/** /privacy-policy: a short, plain-language policy for a Ghanaian donation platform. */
export function PrivacyPolicyPage() {
  const t = useT();
  const locale = useLocale();
  useDocumentTitle(t('content.privacy.title'));
  return (
    <PageShell className="container page page--narrow policy">
      <h1>{t('content.privacy.title')}</h1>
      <p className="lead">{t('content.privacy.lead', { date: longDate(POLICY_UPDATED, locale) })}</p>

      <h2>{t('content.privacy.whoHeading')}</h2>
      <p>{t('content.privacy.who')}</p>

      <h2>{t('content.privacy.collectHeading')}</h2>
      <ul>
        {COLLECTED.map(([label, text]) => (
          <li key={label}>{withElements(t(text, { label: slot('label') }), { label: <strong>{t(label)}</strong> })}</li>
        ))}
      </ul>

      <h2>{t('content.privacy.useHeading')}</h2>
      <ul>
        {USES.map((id) => (
          <li key={id}>{t(id)}</li>
        ))}
      </ul>

      <h2>{t('content.privacy.shareHeading')}</h2>
      <p>{t('content.privacy.share')}</p>

      <h2>{t('content.privacy.deviceHeading')}</h2>
      <p>{t('content.privacy.device')}</p>

      <h2>{t('content.privacy.keepHeading')}</h2>
      <p>{t('content.privacy.keep')}</p>

      <h2>{t('content.privacy.rightsHeading')}</h2>
      <p>
        {withElements(t('content.privacy.rights', { email: slot('email') }), {
          email: <a href="mailto:privacy@boafo.africa">privacy@boafo.africa</a>,
        })}
      </p>

      <h2>{t('content.privacy.securityHeading')}</h2>
      <p>{t('content.privacy.security')}</p>

      <h2>{t('content.privacy.changesHeading')}</h2>
      <p>{t('content.privacy.changes')}</p>

      <p>
        <Link to="/">{t('content.backHome')}</Link>
      </p>
    </PageShell>
  );
}
