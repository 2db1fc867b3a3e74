import { useEffect, useId, useState } from 'react';
import type { CauseLedger as Ledger, LedgerEntry } from '../../../../shared/payouts-contract';
import { formatDate } from '../../../../shared/dates';
import { formatGhs } from '../../../../shared/money';
import { getCauseLedger } from '../api/payouts-api';
import '../payouts.css';
import { LinesSkeleton } from '../../../components/lines-skeleton';

function entryTitle(entry: LedgerEntry): string {
  if (entry.kind === 'withdrawal') return 'Paid to the organizer';
  return entry.donor_name?.trim() || 'Anonymous donor';
}

/** How an entry's amount reads: in (+), out (−), or refunded to the donor (outside the balance). */
function EntryAmount({ entry }: { entry: LedgerEntry }) {
  if (entry.kind === 'refund') {
    return <span className="ledger-entry__amount amount">Refunded {formatGhs(entry.amount)}</span>;
  }
  const incoming = entry.kind === 'donation';
  return (
    <span className="ledger-entry__amount amount">
      <span className="visually-hidden">{incoming ? 'In: ' : 'Out: '}</span>
      <span aria-hidden="true">{incoming ? '+' : '−'}</span>
      {formatGhs(entry.amount)}
    </span>
  );
}

/**
 * Cause detail: 'Where the money goes' — money in (donations), money out (payouts to the organizer)
 * and the balance, with the entries newest first and 'Load more'. Payments an admin reviewed say
 * so (credited another amount, refunded to the donor). Public; loaded lazily.
 */
export default function CauseLedger({ causeId }: { causeId: string }) {
  const id = useId();
  const [ledger, setLedger] = useState<Ledger | null>(null);
  const [entries, setEntries] = useState<LedgerEntry[]>([]);
  const [page, setPage] = useState(1);
  const [failed, setFailed] = useState(false);
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreFailed, setMoreFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setFailed(false);
    getCauseLedger(causeId, 1, controller.signal)
      .then((data) => {
        setLedger(data);
        setEntries(data.entries);
        setPage(1);
      })
      .catch(() => {
        if (!controller.signal.aborted) setFailed(true);
      });
    return () => controller.abort();
  }, [causeId, attempt]);

  async function more() {
    setLoadingMore(true);
    setMoreFailed(false);
    try {
      const data = await getCauseLedger(causeId, page + 1);
      setLedger(data);
      setEntries((current) => [...current, ...data.entries.filter((e) => !current.some((c) => c.id === e.id))]);
      setPage(page + 1);
    } catch {
      setMoreFailed(true);
    } finally {
      setLoadingMore(false);
    }
  }

  return (
    <section className="panel cause-ledger" aria-labelledby={`${id}-title`} aria-busy={!ledger && !failed}>
      <h2 id={`${id}-title`}>Where the money goes</h2>
      {failed ? (
        <p className="panel__empty">
          Could not load the money record.{' '}
          <button type="button" className="link-button" onClick={() => setAttempt((n) => n + 1)}>
            Try again
          </button>
        </p>
      ) : !ledger ? (
        <LinesSkeleton label="Loading where the money goes…" />
      ) : (
        <>
          <dl className="payout-figures">
            <div>
              <dt>Money in</dt>
              <dd data-testid="ledger-in">{formatGhs(ledger.totals.money_in)}</dd>
            </div>
            <div>
              <dt>Money out</dt>
              <dd data-testid="ledger-out">{formatGhs(ledger.totals.money_out)}</dd>
            </div>
            <div className="payout-figures__main">
              <dt>Balance</dt>
              <dd data-testid="ledger-balance">{formatGhs(ledger.totals.balance)}</dd>
            </div>
          </dl>
          {entries.length === 0 ? (
            <p className="panel__empty">No donations yet.</p>
          ) : (
            <ul className="ledger-list" aria-label="Money in and out">
              {entries.map((entry) => (
                <li key={entry.id} className={`ledger-entry ledger-entry--${entry.kind}`}>
                  <span className="ledger-entry__who">{entryTitle(entry)}</span>
                  <EntryAmount entry={entry} />
                  {entry.note ? <span className="ledger-entry__note">{entry.note}</span> : null}
                  <time className="ledger-entry__date" dateTime={entry.at}>
                    {formatDate(entry.at)}
                  </time>
                </li>
              ))}
            </ul>
          )}
          {moreFailed ? (
            <p className="field__error" role="alert">
              Could not load more. Try again.
            </p>
          ) : null}
          {ledger.next ? (
            <button
              type="button"
              className="button button--secondary button--small payout-more"
              disabled={loadingMore}
              onClick={() => void more()}
            >
              {loadingMore ? 'Loading...' : 'Load more'}
            </button>
          ) : null}
        </>
      )}
    </section>
  );
}
