import { Link, useRouter } from '@tanstack/react-router';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import type { DonationRecord } from '../../../../shared/contract/donations';
import { formatDate, formatDateTime } from '../../../../shared/dates';
import { formatGhs, parseAmount } from '../../../../shared/money';
import { ApiError } from '../../../lib/api-client';
import type { WebMessageId } from '../../../../shared/i18n/message-ids.gen';
import { t as translate, useLocale, useT } from '../../../lib/i18n';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { session } from '../../../stores/session-store';
import { toast } from '../../../stores/toast-store';
import { useCartCount } from '../../../components/notifications-badge/use-cart-count';
import { getDb } from '../../offline/db';
import { DownloadButton } from '../../receipts/download-button';
import { receiptPath, statementPath } from '../../receipts/receipt-files';
import { CartBadge } from '../../../components/notifications-badge/notification-badge';
import { fetchDonationHistory, readSavedHistory, saveDonationHistory } from '../api/history-api';
import {
  DEFAULT_DIRECTION,
  DEFAULT_KEY,
  HISTORY_KEYS,
  resolveTitles,
  searchHistory,
  sortHistory,
  type HistoryKey,
  type HistoryRow,
  type SortDirection,
} from '../lib/history-view';
import { MonthlyGifts } from './monthly-gifts';
import '../history.css';

type Source = 'server' | 'saved' | 'error';

interface Loaded {
  rows: HistoryRow[];
  source: Source;
  syncedAt: number | null;
}

/** Saved causes' titles from the device's cause mirror (the `causes` table). */
async function mirrorTitles(ids: string[]): Promise<Map<string, string>> {
  const rows = await getDb().causes.bulkGet(ids);
  const titles = new Map<string, string>();
  rows.forEach((row, i) => {
    const title = (row?.title || row?.name) as string | undefined;
    if (title) titles.set(ids[i], title);
  });
  return titles;
}

function isOffline(error: unknown): boolean {
  return (typeof navigator !== 'undefined' && navigator.onLine === false) || !(error instanceof ApiError);
}

const STATUS_LABEL: Record<string, WebMessageId> = {
  completed: 'history.status.completed',
  pending: 'history.status.pending',
  failed: 'history.status.failed',
  abandoned: 'history.status.abandoned',
  refunded: 'history.status.refunded',
};

function HistoryCard({ row }: { row: HistoryRow }) {
  // Older servers send no refunded_amount; the receipt of a refunded gift lists the refund.
  const refunded = parseAmount(row.refunded_amount ?? '0') ?? 0;
  const hasReceipt = row.reference && (row.status === 'completed' || (row.status === 'refunded' && refunded > 0));
  const t = useT();
  const locale = useLocale();
  const status = STATUS_LABEL[row.status];
  return (
    <li className="history-card">
      <div className="history-card__main">
        <p className="history-card__title">
          <Link to="/causes/$id" params={{ id: row.cause_id }}>
            {row.title}
          </Link>
        </p>
        <p className="history-card__meta">
          <time dateTime={row.donated_at}>{formatDate(row.donated_at, locale)}</time>
          {row.category ? <span> · {row.category}</span> : null}
          {row.is_anonymous ? <span>{t('history.card.anonymous')}</span> : null}
        </p>
      </div>
      <div className="history-card__side">
        <p className="history-card__amount">{formatGhs(row.amount)}</p>
        <p className={`history-status history-status--${row.status}`}>{status ? t(status) : row.status}</p>
        {refunded > 0 ? <p className="history-card__refunded">{t('history.card.refunded', { amount: formatGhs(refunded) })}</p> : null}
        {hasReceipt && row.reference ? (
          <DownloadButton
            path={receiptPath(row.reference)}
            filename={`boafo-receipt-${row.reference}.pdf`}
            label={t('history.card.receipt')}
          />
        ) : null}
      </div>
    </li>
  );
}

/** Years with a completed gift, newest first; this year always, so a statement is one click away. */
function statementYears(rows: HistoryRow[]): number[] {
  const years = new Set([new Date().getUTCFullYear()]);
  for (const row of rows) {
    const year = new Date(row.donated_at).getUTCFullYear();
    if (row.status === 'completed' && Number.isInteger(year)) years.add(year);
  }
  return [...years].sort((a, b) => b - a);
}

/** Spec §2 and §9 /donationhistory: search, filter key, ascending/descending, refresh, cards; offline from the device. */
export function DonationHistoryPage() {
  const t = useT();
  const locale = useLocale();
  useDocumentTitle(t('history.page.title'));
  const router = useRouter();
  const cartCount = useCartCount();
  const { user_id: owner, name } = useSnapshot(session);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [loading, setLoading] = useState(true);
  const [query, setQuery] = useState('');
  const [key, setKey] = useState<HistoryKey>(DEFAULT_KEY);
  const [direction, setDirection] = useState<SortDirection>(DEFAULT_DIRECTION);
  const generation = useRef(0);

  const load = useCallback(
    async (announce: boolean) => {
      const mine = ++generation.current;
      setLoading(true);
      let next: Loaded;
      try {
        const records = await fetchDonationHistory();
        if (owner) await saveDonationHistory(owner, records).catch(() => {});
        next = { rows: await resolveTitles(records, mirrorTitles), source: 'server', syncedAt: Date.now() };
        if (announce) toast.success(translate('history.page.refreshed'));
      } catch (error) {
        if (isOffline(error) && owner) {
          // Offline: the copy saved on this device, with when it was taken.
          const saved = await readSavedHistory(owner).catch(() => ({ records: [] as DonationRecord[], syncedAt: null }));
          next = { rows: await resolveTitles(saved.records, mirrorTitles), source: 'saved', syncedAt: saved.syncedAt };
        } else {
          // Spec §8: a failed load toasts and empties the list.
          toast.error(translate('history.page.loadFailed'));
          next = { rows: [], source: 'error', syncedAt: null };
        }
      }
      if (mine !== generation.current) return;
      setLoaded(next);
      setLoading(false);
    },
    [owner],
  );

  useEffect(() => {
    void load(false);
  }, [load]);

  const rows = loaded?.rows ?? [];
  const shown = sortHistory(searchHistory(rows, query), key, direction);
  const trimmed = query.trim();

  return (
    <div className="history-shell">
      <header className="history-topbar">
        <button
          type="button"
          className="icon-button"
          aria-label={t('history.page.back')}
          onClick={() => (window.history.length > 1 ? router.history.back() : void router.navigate({ to: '/dashboard' }))}
        >
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
            <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </button>
        <p className="history-topbar__title">Boafo</p>
        <div className="history-topbar__actions">
          <CartBadge count={cartCount} />
          <Link
            to="/profilepage"
            className="history-avatar"
            aria-label={t('history.page.profile')}
            title={name ?? t('history.page.profile')}
          >
            <span aria-hidden="true">{(name ?? '?').trim().charAt(0).toUpperCase() || '?'}</span>
          </Link>
        </div>
      </header>

      <main id="main" tabIndex={-1} className="container page history-page">
        <h1>{t('history.page.title')}</h1>

        <form className="history-controls" role="search" onSubmit={(e) => e.preventDefault()}>
          <div className="field history-controls__search">
            <label htmlFor="history-search">{t('history.page.searchLabel')}</label>
            <input
              id="history-search"
              type="search"
              placeholder={t('history.page.searchPlaceholder')}
              value={query}
              onChange={(e) => setQuery(e.target.value)}
            />
          </div>
          <div className="field">
            <label htmlFor="history-filter">{t('history.page.filterLabel')}</label>
            <select id="history-filter" className="history-select" value={key} onChange={(e) => setKey(e.target.value as HistoryKey)}>
              {HISTORY_KEYS.map((k) => (
                <option key={k.key} value={k.key}>
                  {t(k.label)}
                </option>
              ))}
            </select>
          </div>
          <div className="history-controls__buttons" role="group" aria-label={t('history.page.sortOrder')}>
            <button
              type="button"
              className="button button--small button--secondary"
              aria-pressed={direction === 'asc'}
              onClick={() => setDirection('asc')}
            >
              {t('history.page.ascending')}
            </button>
            <button
              type="button"
              className="button button--small button--secondary"
              aria-pressed={direction === 'desc'}
              onClick={() => setDirection('desc')}
            >
              {t('history.page.descending')}
            </button>
            <button type="button" className="button button--small button--primary" disabled={loading} onClick={() => void load(true)}>
              {t('history.page.refresh')}
            </button>
          </div>
        </form>

        <div className="history-statements" role="group" aria-label={t('history.page.statements')}>
          {statementYears(rows).map((year) => (
            <DownloadButton
              key={year}
              path={statementPath(year)}
              filename={`boafo-statement-${year}.pdf`}
              label={t('history.page.statement', { year: String(year) })}
            />
          ))}
        </div>

        <MonthlyGifts />

        {loaded?.source === 'saved' ? (
          <p className="notice history-saved" role="status">
            {loaded.syncedAt
              ? t('history.page.savedCopy', { at: formatDateTime(loaded.syncedAt, locale) })
              : t('history.page.savedNothing')}
          </p>
        ) : null}

        <section aria-labelledby="history-list-heading" aria-busy={loading}>
          <h2 id="history-list-heading" className="visually-hidden">
            {t('history.page.listHeading')}
          </h2>
          {loading && !loaded ? (
            <p className="empty">{t('history.page.loading')}</p>
          ) : shown.length === 0 ? (
            <p className="empty">
              {trimmed && rows.length > 0 ? t('history.page.noResults', { query: trimmed }) : t('history.page.empty')}
            </p>
          ) : (
            <ul className="history-list">
              {shown.map((row) => (
                <HistoryCard key={row.id} row={row} />
              ))}
            </ul>
          )}
        </section>
      </main>
    </div>
  );
}
