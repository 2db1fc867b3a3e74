import type { Withdrawal } from '../../../../shared/contract/payouts';
import { formatDateTime } from '../../../../shared/dates';
import { formatGhs } from '../../../../shared/money';
import { LinesSkeleton } from '../../../components/lines-skeleton';
import { LoadMore } from '../../../components/load-more';
import { usePages } from '../../../lib/use-pages';
import { listCauseWithdrawals } from '../api/payouts-api';
import { useLocale, useT } from '../../../lib/i18n';
import { withElements } from '../../../lib/rich-text';
import { slot } from '../../../../shared/i18n/slots';
import { payoutMethodText } from '../lib/payout-text';
import { DecisionsLine } from './pending-approvals';
import { WithdrawalStatusBadge } from './status-badge';

function WithdrawalItem({ withdrawal }: { withdrawal: Withdrawal }) {
  const t = useT();
  const locale = useLocale();
  const reason =
    withdrawal.status === 'rejected' ? withdrawal.rejection_reason : withdrawal.status === 'failed' ? withdrawal.failure_reason : null;
  return (
    <li className="payout-item">
      <div className="payout-item__top">
        <span className="amount">{formatGhs(withdrawal.amount)}</span>
        <WithdrawalStatusBadge status={withdrawal.status} />
      </div>
      <p className="payout-item__meta">
        {withElements(t('payouts.history.requested', { date: slot('date') }), {
          date: <time dateTime={withdrawal.created_at}>{formatDateTime(withdrawal.created_at, locale)}</time>,
        })}
        {withdrawal.paid_at ? (
          <>
            {' '}
            {withElements(t('payouts.history.paid', { date: slot('date') }), {
              date: <time dateTime={withdrawal.paid_at}>{formatDateTime(withdrawal.paid_at, locale)}</time>,
            })}
          </>
        ) : null}
      </p>
      <p className="payout-item__meta">
        {t('payouts.history.to', { method: payoutMethodText(t, withdrawal.method), destination: withdrawal.destination_label })}
      </p>
      <DecisionsLine withdrawal={withdrawal} />
      {reason ? <p className="payout-item__reason">{t('payouts.history.reason', { reason })}</p> : null}
    </li>
  );
}

/** A cause's withdrawals, newest first, 20 a page (organizer and treasurers alike). */
export function History({ causeId, version }: { causeId: string; version: number }) {
  const t = useT();
  // `version` changes after a request or a decision: the list reloads in place.
  const pages = usePages<Withdrawal>((page, signal) => listCauseWithdrawals(causeId, page, signal), [causeId, version], {
    enabled: true,
    keepOnReload: true,
  });
  const items = pages.items;

  return (
    <section className="panel" aria-labelledby="history-title">
      <h2 id="history-title">{t('payouts.history.title')}</h2>
      {items === null && !pages.failed ? (
        <LinesSkeleton label={t('payouts.history.loading')} />
      ) : !items || items.length === 0 ? (
        <p className="panel__empty">{pages.failed ? t('payouts.history.failed') : t('payouts.history.empty')}</p>
      ) : (
        <ul className="payout-list" aria-label={t('payouts.page.title')}>
          {items.map((w) => (
            <WithdrawalItem key={w.id} withdrawal={w} />
          ))}
        </ul>
      )}
      <LoadMore pages={pages} className="payout-more" />
    </section>
  );
}
