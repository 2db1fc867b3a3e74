import { useEffect, useState } from 'react';
import type { Withdrawal } from '../../../../shared/payouts-contract';
import { formatDateTime } from '../../../../shared/dates';
import { formatGhs } from '../../../../shared/money';
import { toast } from '../../../stores/toast-store';
import { LinesSkeleton } from '../../../components/lines-skeleton';
import { listCauseWithdrawals } from '../api/payouts-api';
import { METHOD_LABELS } from '../lib/payout-text';
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
        To {METHOD_LABELS[withdrawal.method] ?? withdrawal.method}: {withdrawal.destination_label}
      </p>
      <DecisionsLine withdrawal={withdrawal} />
      {reason ? <p className="payout-item__reason">Reason: {reason}</p> : null}
    </li>
  );
}

/** A cause's withdrawals, newest first, 20 a page (organizer and treasurers alike). */
export function History({ causeId, version }: { causeId: string; version: number }) {
  const [items, setItems] = useState<Withdrawal[] | null>(null);
  const [page, setPage] = useState(1);
  const [hasNext, setHasNext] = useState(false);
  const [failed, setFailed] = useState(false);
  const [loadingMore, setLoadingMore] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    listCauseWithdrawals(causeId, 1, controller.signal)
      .then((data) => {
        setItems(data.results);
        setPage(1);
        setHasNext(Boolean(data.next));
        setFailed(false);
      })
      .catch(() => {
        if (controller.signal.aborted) return;
        setItems((current) => current ?? []);
        setFailed(true);
      });
    return () => controller.abort();
  }, [causeId, version]);

  async function more() {
    setLoadingMore(true);
    try {
      const data = await listCauseWithdrawals(causeId, page + 1);
      setItems((current) => [...(current ?? []), ...data.results.filter((w) => !current?.some((c) => c.id === w.id))]);
      setPage(page + 1);
      setHasNext(Boolean(data.next));
    } catch {
      toast.error('Could not load more withdrawals');
    } finally {
      setLoadingMore(false);
    }
  }

  return (
    <section className="panel" aria-labelledby="history-title">
      <h2 id="history-title">Withdrawal history</h2>
      {items === null ? (
        <LinesSkeleton label="Loading withdrawals…" />
      ) : items.length === 0 ? (
        <p className="panel__empty">
          {failed ? 'Could not load the withdrawals. Check your connection and try again.' : 'No withdrawals yet.'}
        </p>
      ) : (
        <ul className="payout-list" aria-label="Withdrawals">
          {items.map((w) => (
            <WithdrawalItem key={w.id} withdrawal={w} />
          ))}
        </ul>
      )}
      {hasNext ? (
        <button
          type="button"
          className="button button--secondary button--small payout-more"
          disabled={loadingMore}
          onClick={() => void more()}
        >
          {loadingMore ? 'Loading...' : 'Load more'}
        </button>
      ) : null}
    </section>
  );
}
