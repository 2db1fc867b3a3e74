import { useId, useRef, useState } from 'react';
import { Link } from '@tanstack/react-router';
import type { ReviewPeriod } from '../../../../shared/contract/admin';
import type { Cause } from '../../../../shared/contract/causes';
import { formatDateTime } from '../../../../shared/dates';
import { formatGhs } from '../../../../shared/money';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useLoad } from '../../../lib/use-load';
import { toast } from '../../../stores/toast-store';
import { approveCause, getReviewTotals, listPendingCauses, rejectCause } from '../api/admin-api';
import { ReasonDialog } from '../../../components/reason-dialog';
import '../admin.css';
import { Pager } from '../../../components/pager';
import { LinesSkeleton } from '../../../components/lines-skeleton';
import type { WebMessageId } from '../../../../shared/i18n/message-ids.gen';
import { useLocale, useT } from '../../../lib/i18n';

const REVIEW_PERIOD_LABELS: Record<ReviewPeriod, WebMessageId> = {
  week: 'admin.review.period.week',
  month: 'admin.review.period.month',
  three_months: 'admin.review.period.threeMonths',
};
const PERIODS = Object.keys(REVIEW_PERIOD_LABELS) as ReviewPeriod[];

function causeName(cause: Cause): string {
  return cause.name || cause.title;
}

function categoryText(category: Cause['category'] | string | null | undefined): string {
  if (!category) return '—';
  return typeof category === 'string' ? category : category.name;
}

/** Runs one action over several causes; tells how many worked. */
async function forEachCause(ids: string[], run: (id: string) => Promise<unknown>): Promise<{ ok: number; failed: number }> {
  const results = await Promise.allSettled(ids.map(run));
  const ok = results.filter((r) => r.status === 'fulfilled').length;
  return { ok, failed: results.length - ok };
}

function ReviewTotalsPanel({ version }: { version: number }) {
  const id = useId();
  const t = useT();
  const [period, setPeriod] = useState<ReviewPeriod>('week');
  // Another period or a decision keeps the figures shown ('…' until they are the period's); a failure keeps them.
  const { data: totals = null, loading } = useLoad((signal) => getReviewTotals(period, signal), [period, version], { keep: true });

  const value = (n: number | undefined) => (totals && totals.period === period ? String(n) : '…');
  return (
    <section className="panel review-totals" aria-labelledby={`${id}-h`} aria-busy={loading}>
      <h2 id={`${id}-h`}>{t('admin.review.totals')}</h2>
      <div className="select-field">
        <label htmlFor={`${id}-period`}>{t('admin.review.periodLabel')}</label>
        <select id={`${id}-period`} value={period} onChange={(e) => setPeriod(e.target.value as ReviewPeriod)}>
          {PERIODS.map((p) => (
            <option key={p} value={p}>
              {t(REVIEW_PERIOD_LABELS[p])}
            </option>
          ))}
        </select>
      </div>
      <dl className="totals-list" aria-live="polite">
        <div>
          <dt>{t('admin.review.accepted')}</dt>
          <dd data-testid="total-accepted">{value(totals?.accepted)}</dd>
        </div>
        <div>
          <dt>{t('admin.review.rejected')}</dt>
          <dd data-testid="total-rejected">{value(totals?.rejected)}</dd>
        </div>
        <div>
          <dt>{t('admin.review.pending')}</dt>
          <dd data-testid="total-pending">{value(totals?.pending)}</dd>
        </div>
      </dl>
    </section>
  );
}

type RejectTarget = { ids: string[]; subject: string };

/** Spec §2 /causereviewpage, real: pending causes with per-row and bulk Approve / Reject, and the review totals. */
export function CauseReviewPage() {
  const t = useT();
  const locale = useLocale();
  useDocumentTitle(t('admin.review.title'));
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [busy, setBusy] = useState(false);
  const [version, setVersion] = useState(0);
  const [rejecting, setRejecting] = useState<RejectTarget | null>(null);
  const returnFocus = useRef<HTMLElement | null>(null);

  // Another page or a decision keeps the list shown meanwhile; a failure keeps it too.
  const { data, failed: loadFailed } = useLoad(
    (signal) =>
      listPendingCauses(page, signal).then((answer) => {
        // Forget ticks of causes that left the list.
        setSelected((current) => new Set([...current].filter((id) => answer.results.some((c) => c.id === id))));
        // The last one of a later page went: show the page before.
        if (answer.results.length === 0 && page > 1) setPage(page - 1);
        return answer;
      }),
    [page, version],
    { keep: true },
  );
  const causes = data?.results ?? (loadFailed ? [] : null);
  const hasNext = Boolean(data?.next);

  const refresh = () => setVersion((v) => v + 1);

  async function approve(ids: string[]) {
    setBusy(true);
    const { ok, failed } = await forEachCause(ids, approveCause);
    setBusy(false);
    if (ok) toast.success(t('admin.review.approvedToast', { count: ok }));
    if (failed) toast.error(t('admin.review.failedToast'));
    refresh();
  }

  async function reject(ids: string[], reason: string) {
    setBusy(true);
    const { ok, failed } = await forEachCause(ids, (id) => rejectCause(id, reason));
    setBusy(false);
    closeDialog();
    if (ok) toast.success(t('admin.review.rejectedToast', { count: ok }));
    if (failed) toast.error(t('admin.review.failedToast'));
    refresh();
  }

  function openReject(target: RejectTarget, opener: HTMLElement) {
    returnFocus.current = opener;
    setRejecting(target);
  }

  function closeDialog() {
    setRejecting(null);
    const opener = returnFocus.current;
    // The row may be gone after a rejection; the page heading is the next sensible place.
    requestAnimationFrame(() => (opener?.isConnected ? opener : document.getElementById('review-title'))?.focus());
  }

  function toggle(id: string, on: boolean) {
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }

  const list = causes ?? [];
  const ticked = list.filter((c) => selected.has(c.id));
  const allTicked = list.length > 0 && ticked.length === list.length;

  return (
    <div className="admin-page">
      <h1 id="review-title" tabIndex={-1}>
        {t('admin.review.title')}
      </h1>
      <ReviewTotalsPanel version={version} />

      <section className="panel" aria-labelledby="pending-title">
        <h2 id="pending-title">{t('admin.review.waitingTitle')}</h2>
        {causes === null ? (
          <LinesSkeleton label={t('admin.review.loading')} />
        ) : list.length === 0 ? (
          <p className="panel__empty">{loadFailed ? t('admin.review.failed') : t('admin.review.empty')}</p>
        ) : (
          <>
            <div className="button-row bulk-bar" role="group" aria-label={t('admin.review.ticked')}>
              <label className="checkbox bulk-bar__all">
                <input
                  type="checkbox"
                  checked={allTicked}
                  onChange={(e) => setSelected(e.target.checked ? new Set(list.map((c) => c.id)) : new Set())}
                />
                {t('admin.review.selectAll')}
              </label>
              <span aria-live="polite">{t('admin.review.selected', { count: ticked.length })}</span>
              <button
                type="button"
                className="button button--primary button--small"
                disabled={busy || ticked.length === 0}
                onClick={() => void approve(ticked.map((c) => c.id))}
              >
                {t('admin.review.approveSelected')}
              </button>
              <button
                type="button"
                className="button button--danger button--small"
                disabled={busy || ticked.length === 0}
                onClick={(e) =>
                  openReject(
                    {
                      ids: ticked.map((c) => c.id),
                      subject:
                        ticked.length === 1
                          ? t('admin.review.rejectOne', { name: causeName(ticked[0]) })
                          : t('admin.review.rejectMany', { count: ticked.length }),
                    },
                    e.currentTarget,
                  )
                }
              >
                {t('admin.review.rejectSelected')}
              </button>
            </div>
            <div className="table-wrap" role="region" aria-label={t('admin.review.table')} tabIndex={0}>
              <table className="data-table review-table">
                <thead>
                  <tr>
                    <th scope="col">
                      <span className="visually-hidden">{t('admin.review.select')}</span>
                    </th>
                    <th scope="col">{t('admin.review.causeName')}</th>
                    <th scope="col">{t('admin.review.organizer')}</th>
                    <th scope="col">{t('admin.review.category')}</th>
                    <th scope="col" className="num">
                      {t('admin.review.target')}
                    </th>
                    <th scope="col">{t('admin.review.created')}</th>
                    <th scope="col">{t('admin.review.actions')}</th>
                  </tr>
                </thead>
                <tbody>
                  {list.map((cause) => {
                    const name = causeName(cause);
                    return (
                      <tr key={cause.id}>
                        <td>
                          <input
                            type="checkbox"
                            aria-label={t('admin.review.selectLabel', { name })}
                            checked={selected.has(cause.id)}
                            onChange={(e) => toggle(cause.id, e.target.checked)}
                          />
                        </td>
                        <td className="review-table__name">
                          <Link to="/causes/$id" params={{ id: cause.id }}>
                            {name}
                          </Link>
                        </td>
                        <td data-label={t('admin.review.organizer')}>
                          {cause.organizer_id ? (
                            <Link to="/organizerprofilepage" search={{ id: cause.organizer_id }}>
                              {cause.organizer_name || t('admin.review.organizer')}
                            </Link>
                          ) : (
                            cause.organizer_name || '—'
                          )}
                        </td>
                        <td data-label={t('admin.review.category')}>{categoryText(cause.category)}</td>
                        <td data-label={t('admin.review.target')} className="num">
                          {formatGhs(cause.target_amount)}
                        </td>
                        <td data-label={t('admin.review.created')}>{formatDateTime(cause.created_at, locale)}</td>
                        <td>
                          <div className="row-actions">
                            <button
                              type="button"
                              className="button button--primary button--small"
                              disabled={busy}
                              aria-label={t('admin.review.approveLabel', { name })}
                              onClick={() => void approve([cause.id])}
                            >
                              {t('admin.review.approve')}
                            </button>
                            <button
                              type="button"
                              className="button button--danger button--small"
                              disabled={busy}
                              aria-label={t('admin.review.rejectLabel', { name })}
                              onClick={(e) =>
                                openReject({ ids: [cause.id], subject: t('admin.review.rejectOne', { name }) }, e.currentTarget)
                              }
                            >
                              {t('admin.review.reject')}
                            </button>
                          </div>
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          </>
        )}
        {causes !== null ? <Pager label={t('admin.review.pages')} page={page} hasNext={hasNext} onPage={setPage} /> : null}
      </section>

      {rejecting ? (
        <ReasonDialog
          subject={rejecting.subject}
          busy={busy}
          onCancel={closeDialog}
          onConfirm={(reason) => void reject(rejecting.ids, reason)}
        />
      ) : null}
    </div>
  );
}
