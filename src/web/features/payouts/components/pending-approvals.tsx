import { useState } from 'react';
import { useSnapshot } from 'valtio';
import type { Withdrawal } from '../../../../shared/contract/payouts';
import { formatDateTime } from '../../../../shared/dates';
import { formatGhs } from '../../../../shared/money';
import { errorMessage } from '../../../lib/api-client';
import { useLoad } from '../../../lib/use-load';
import { useOnline } from '../../../lib/use-online';
import { session } from '../../../stores/session-store';
import { toast } from '../../../stores/toast-store';
import { LinesSkeleton } from '../../../components/lines-skeleton';
import { useLocale, useT } from '../../../lib/i18n';
import { withElements } from '../../../lib/rich-text';
import { slot } from '../../../../shared/i18n/slots';
import { listCauseWithdrawals } from '../api/payouts-api';
import { decideWithdrawal } from '../api/treasurers-api';

/** "Approved by Ama, Kojo · Rejected by Esi": what the treasurers decided on a withdrawal. */
export function DecisionsLine({ withdrawal }: { withdrawal: Withdrawal }) {
  const t = useT();
  const decisions = withdrawal.decisions ?? [];
  if (decisions.length === 0) return null;
  const names = (d: 'approved' | 'rejected') =>
    decisions
      .filter((x) => x.decision === d)
      .map((x) => x.name)
      .join(', ');
  const parts = [
    names('approved') && t('payouts.decisions.approvedBy', { names: names('approved') }),
    names('rejected') && t('payouts.decisions.rejectedBy', { names: names('rejected') }),
  ];
  return <p className="payout-item__meta">{parts.filter(Boolean).join(' · ')}</p>;
}

/** A treasurer's queue: withdrawals awaiting the treasurers, with Approve and Reject (once each). */
export function PendingApprovals({ causeId, version, onDecided }: { causeId: string; version: number; onDecided: () => void }) {
  const { user_id } = useSnapshot(session);
  const online = useOnline();
  const t = useT();
  const locale = useLocale();
  const [busy, setBusy] = useState<string | null>(null);
  // A failed reload keeps the list shown (none at first).
  const load = useLoad(
    (signal) => listCauseWithdrawals(causeId, 1, signal).then((data) => data.results.filter((w) => w.status === 'awaiting_treasurers')),
    [causeId, version],
    { keep: true },
  );
  const items = load.data ?? (load.failed ? [] : null);

  async function decide(w: Withdrawal, decision: 'approve' | 'reject') {
    if (busy) return;
    setBusy(w.id);
    try {
      const answer = await decideWithdrawal(w.id, decision);
      toast.success(decision === 'approve' ? t('payouts.approvals.approved') : t('payouts.approvals.rejected'));
      load.setData((current) => (current ?? []).map((x) => (x.id === w.id ? answer : x)).filter((x) => x.status === 'awaiting_treasurers'));
      onDecided();
    } catch (failure) {
      toast.error(errorMessage(failure, t('payouts.approvals.failed')));
    } finally {
      setBusy(null);
    }
  }

  return (
    <section className="panel" aria-labelledby="approvals-title">
      <h2 id="approvals-title">{t('payouts.approvals.title')}</h2>
      {items === null ? (
        <LinesSkeleton label={t('payouts.approvals.loading')} />
      ) : items.length === 0 ? (
        <p className="panel__empty">{t('payouts.approvals.empty')}</p>
      ) : (
        <ul className="payout-list" aria-label={t('payouts.approvals.listLabel')}>
          {items.map((w) => {
            const mine = w.decisions?.find((d) => d.treasurer_id === user_id);
            const approvals = (w.decisions ?? []).filter((d) => d.decision === 'approved').length;
            return (
              <li key={w.id} className="payout-item">
                <div className="payout-item__top">
                  <span className="amount">{formatGhs(w.amount)}</span>
                  <span className="payout-item__meta">
                    {t('payouts.approvals.count', { approvals, needed: w.approvals_needed ?? '?' })}
                  </span>
                </div>
                <p className="payout-item__meta">
                  {withElements(t('payouts.approvals.requested', { date: slot('date'), destination: w.destination_label }), {
                    date: <time dateTime={w.created_at}>{formatDateTime(w.created_at, locale)}</time>,
                  })}
                </p>
                <DecisionsLine withdrawal={w} />
                {mine ? (
                  <p className="payout-item__meta">
                    {mine.decision === 'approved' ? t('payouts.approvals.youApproved') : t('payouts.approvals.youRejected')}
                  </p>
                ) : (
                  <div className="button-row">
                    <button
                      type="button"
                      className="button button--primary button--small"
                      disabled={busy !== null || !online}
                      onClick={() => void decide(w, 'approve')}
                    >
                      {busy === w.id ? t('payouts.approvals.saving') : t('payouts.approvals.approve')}
                    </button>
                    <button
                      type="button"
                      className="button button--secondary button--small"
                      disabled={busy !== null || !online}
                      onClick={() => void decide(w, 'reject')}
                    >
                      {t('payouts.approvals.reject')}
                    </button>
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
