import { PageShell } from '../../../components/layout/page-shell';
import { LOCALES, LOCALE_NAMES } from '../../../../shared/i18n/locales';
import { REVIEW_STATS } from '../../../../shared/i18n/review-stats.gen';
import { useT } from '../../../lib/i18n';
import { useDocumentTitle } from '../../../lib/use-document-title';
import '../content.css';

/** /translations: how many lines of each language a native speaker has reviewed (the rest are machine drafts). */
export function TranslationsPage() {
  const t = useT();
  useDocumentTitle(t('shell.translations.title'));
  return (
    <PageShell className="container page page--narrow">
      <h1>{t('shell.translations.title')}</h1>
      <p className="lead">{t('shell.translations.lead')}</p>
      <table className="translations-table">
        <thead>
          <tr>
            <th scope="col">{t('shell.translations.language')}</th>
            <th scope="col">{t('shell.translations.reviewed')}</th>
          </tr>
        </thead>
        <tbody>
          {LOCALES.map((locale) => {
            const { reviewed, total } = REVIEW_STATS[locale] ?? { reviewed: 0, total: 0 };
            return (
              <tr key={locale}>
                <th scope="row" lang={locale}>
                  {LOCALE_NAMES[locale]}
                </th>
                <td>
                  <meter min={0} max={total || 1} value={reviewed} aria-hidden="true" />{' '}
                  {t('shell.translations.count', { reviewed, total })}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <p>{t('shell.translations.help')}</p>
    </PageShell>
  );
}
