import type { Withdrawal } from '../../../../shared/contract/payouts';
import { formatDateTime } from '../../../../shared/dates';
import { formatGhs } from '../../../../shared/money';
import { LinesSkeleton } from '../../../components/lines-skeleton';
import { LoadMore } from '../../../components/load-more';
import { usePages } from '../../../lib/use-pages';
import { listCauseWithdrawals } from '../api/payouts-api';
import { PAYOUT_METHOD_LABELS } from '../../../../shared/payment-methods';
import { DecisionsLine } from './pending-approvals';
import { WithdrawalStatusBadge } from './status-badge';

function WithdrawalItem({ withdrawal }: { withdrawal: Withdrawal }) {
  const reason =
    withdrawal.status === 'rejected' ? withdrawal.rejection_reason : withdrawal.status === 'failed' ? withdrawal.failure_reason : null;
  return (
    <li className="payout-item">
      <div className="payout-item__top">
        <span className="amount">{formatGhs(withdrawal.amount)}</span>
        <WithdrawalStatusBadge status={withdrawal.status} />
      </div>
      <p className="payout-item__meta">
        Requested <time dateTime={withdrawal.created_at}>{formatDateTime(withdrawal.created_at)}</time>
        {withdrawal.paid_at ? (
          <>
            {' '}
            · paid <time dateTime={withdrawal.paid_at}>{formatDateTime(withdrawal.paid_at)}</time>
          </>
        ) : null}
      </p>
      <p className="payout-item__meta">
        To {PAYOUT_METHOD_LABELS[withdrawal.method] ?? withdrawal.method}: {withdrawal.destination_label}
      </p>
      <DecisionsLine withdrawal={withdrawal} />
      {reason ? <p className="payout-item__reason">Reason: {reason}</p> : null}
    </li>
  );
}

/** A cause's withdrawals, newest first, 20 a page (organizer and treasurers alike). */
export function History({ causeId, version }: { causeId: string; version: number }) {
  // `version` changes after a request or a decision: the list reloads in place.
  const pages = usePages<Withdrawal>((page, signal) => listCauseWithdrawals(causeId, page, signal), [causeId, version], {
    enabled: true,
    keepOnReload: true,
  });
  const items = pages.items;

  return (
    <section className="panel" aria-labelledby="history-title">
      <h2 id="history-title">Withdrawal history</h2>
      {items === null && !pages.failed ? (
        <LinesSkeleton label="Loading withdrawals…" />
      ) : !items || items.length === 0 ? (
        <p className="panel__empty">
          {pages.failed ? 'Could not load the withdrawals. Check your connection and try again.' : 'No withdrawals yet.'}
        </p>
      ) : (
        <ul className="payout-list" aria-label="Withdrawals">
          {items.map((w) => (
            <WithdrawalItem key={w.id} withdrawal={w} />
          ))}
        </ul>
      )}
      <LoadMore pages={pages} className="payout-more" />
    </section>
  );
}
