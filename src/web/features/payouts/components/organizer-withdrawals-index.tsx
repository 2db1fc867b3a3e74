import { Link } from '@tanstack/react-router';
import { useSnapshot } from 'valtio';
import { formatGhs } from '../../../../shared/money';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useLoad } from '../../../lib/use-load';
import { session } from '../../../stores/session-store';
import { listCauses } from '../../causes/api/causes-api';
import { useT } from '../../../lib/i18n';
import '../payouts.css';

/** /withdrawals: the organizer's causes, each leading to its withdrawals page. */
export function OrganizerWithdrawalsIndex() {
  const t = useT();
  useDocumentTitle(t('payouts.index.title'));
  const { user_id } = useSnapshot(session);
  const { data, failed } = useLoad(
    (signal) =>
      listCauses({ organizer_id: user_id!, page_size: 50 }, { signal }).then((page) =>
        page.results.filter((c) => c.organizer_id === user_id),
      ),
    [user_id],
    { enabled: Boolean(user_id) },
  );
  const causes = data ?? (failed ? [] : null);

  return (
    <div className="payout-page">
      <h1>{t('payouts.index.title')}</h1>
      <p className="lead">{t('payouts.index.lead')}</p>
      <section className="panel" aria-labelledby="your-causes-title">
        <h2 id="your-causes-title">{t('payouts.index.yourCauses')}</h2>
        {causes === null ? (
          <div className="skeleton" role="status">
            <span className="visually-hidden">{t('payouts.index.loading')}</span>
            <div className="skeleton__line" />
            <div className="skeleton__line skeleton__line--short" />
          </div>
        ) : causes.length === 0 ? (
          <p className="panel__empty">
            {failed ? (
              t('payouts.index.failed')
            ) : (
              <>
                {t('payouts.index.empty')} <Link to="/causes/create">{t('payouts.index.create')}</Link>
              </>
            )}
          </p>
        ) : (
          <ul className="item-list">
            {causes.map((cause) => (
              <li key={cause.id}>
                <Link to="/causes/$id/withdrawals" params={{ id: cause.id }} className="item-list__title">
                  {cause.title || cause.name}
                </Link>
                <span className="item-list__meta">{t('payouts.index.raised', { amount: formatGhs(cause.current_amount) })}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
