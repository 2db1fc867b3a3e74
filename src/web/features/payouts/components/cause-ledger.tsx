import { useId, useState } from 'react';
import type { CauseLedger as Ledger, LedgerEntry } from '../../../../shared/contract/payouts';
import { formatDate } from '../../../../shared/dates';
import { formatGhs } from '../../../../shared/money';
import { getCauseLedger } from '../api/payouts-api';
import '../payouts.css';
import { LinesSkeleton } from '../../../components/lines-skeleton';
import { LoadMore } from '../../../components/load-more';
import { usePages } from '../../../lib/use-pages';
import { useLocale, useT, type Translate } from '../../../lib/i18n';

function entryTitle(entry: LedgerEntry, t: Translate): string {
  if (entry.kind === 'withdrawal') return t('payouts.ledger.paidToOrganizer');
  return entry.donor_name?.trim() || t('payouts.ledger.anonymous');
}

/** How an entry's amount reads: in (+), out (−), or refunded to the donor (outside the balance). */
function EntryAmount({ entry }: { entry: LedgerEntry }) {
  const t = useT();
  if (entry.kind === 'refund') {
    return <span className="ledger-entry__amount amount">{t('payouts.ledger.refunded', { amount: formatGhs(entry.amount) })}</span>;
  }
  const incoming = entry.kind === 'donation';
  return (
    <span className="ledger-entry__amount amount">
      <span className="visually-hidden">{incoming ? t('payouts.ledger.in') : t('payouts.ledger.out')} </span>
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
  const t = useT();
  const locale = useLocale();
  // The totals come with every page (the newest figures win); the entries are paged like any list.
  const [totals, setTotals] = useState<Ledger['totals'] | null>(null);
  const pages = usePages<LedgerEntry>(
    (page, signal) =>
      getCauseLedger(causeId, page, signal).then(({ entries, totals: latest, ...paging }) => {
        setTotals(latest);
        return { ...paging, results: entries };
      }),
    [causeId],
    { enabled: true },
  );
  const entries = pages.items;
  const failed = pages.failed;

  return (
    <section className="panel cause-ledger" aria-labelledby={`${id}-title`} aria-busy={!entries && !failed}>
      <h2 id={`${id}-title`}>{t('payouts.ledger.title')}</h2>
      {failed ? (
        <p className="panel__empty">
          {t('payouts.ledger.failed')}{' '}
          <button type="button" className="link-button" onClick={pages.retry}>
            {t('payouts.ledger.tryAgain')}
          </button>
        </p>
      ) : !entries || !totals ? (
        <LinesSkeleton label={t('payouts.ledger.loading')} />
      ) : (
        <>
          <dl className="payout-figures">
            <div>
              <dt>{t('payouts.ledger.moneyIn')}</dt>
              <dd data-testid="ledger-in">{formatGhs(totals.money_in)}</dd>
            </div>
            <div>
              <dt>{t('payouts.ledger.moneyOut')}</dt>
              <dd data-testid="ledger-out">{formatGhs(totals.money_out)}</dd>
            </div>
            <div className="payout-figures__main">
              <dt>{t('payouts.ledger.balance')}</dt>
              <dd data-testid="ledger-balance">{formatGhs(totals.balance)}</dd>
            </div>
          </dl>
          {entries.length === 0 ? (
            <p className="panel__empty">{t('payouts.ledger.empty')}</p>
          ) : (
            <ul className="ledger-list" aria-label={t('payouts.ledger.listLabel')}>
              {entries.map((entry) => (
                <li key={entry.id} className={`ledger-entry ledger-entry--${entry.kind}`}>
                  <span className="ledger-entry__who">{entryTitle(entry, t)}</span>
                  <EntryAmount entry={entry} />
                  {entry.note ? <span className="ledger-entry__note">{entry.note}</span> : null}
                  <time className="ledger-entry__date" dateTime={entry.at}>
                    {formatDate(entry.at, locale)}
                  </time>
                </li>
              ))}
            </ul>
          )}
          <LoadMore pages={pages} className="payout-more" />
        </>
      )}
    </section>
  );
}
