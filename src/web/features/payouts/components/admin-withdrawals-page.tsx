import { Link } from '@tanstack/react-router';
import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { AdminWithdrawal, WithdrawalStatus } from '../../../../shared/contract/payouts';
import { formatDateTime } from '../../../../shared/dates';
import { formatGhs } from '../../../../shared/money';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { toast } from '../../../stores/toast-store';
import { ReasonDialog } from '../../admin/components/reason-dialog';
import { approveWithdrawal, listAdminWithdrawals, rejectWithdrawal, retryWithdrawal } from '../api/payouts-api';
import { PAYOUT_METHOD_LABELS } from '../../../../shared/payment-methods';
import { formatGhanaMobile } from '../../../../shared/phone';
import { WithdrawalStatusBadge } from './status-badge';
import '../../admin/admin.css';
import '../payouts.css';
import { Pager } from '../../../components/pager';
import { LinesSkeleton } from '../../../components/lines-skeleton';

const TABS: { status: WithdrawalStatus; label: string; empty: string }[] = [
  { status: 'requested', label: 'Requested', empty: 'No withdrawals waiting for review.' },
  { status: 'processing', label: 'Processing', empty: 'No payouts on their way.' },
  { status: 'paid', label: 'Paid', empty: 'No paid withdrawals yet.' },
  { status: 'failed', label: 'Failed', empty: 'No failed payouts.' },
  { status: 'rejected', label: 'Rejected', empty: 'No rejected withdrawals.' },
];

function Destination({ w }: { w: AdminWithdrawal }) {
  const d = w.destination;
  if (!d) return <>{w.destination_label}</>;
  return d.type === 'bank' ? (
    <>
      {PAYOUT_METHOD_LABELS.bank}: {d.bank_name || d.bank_code}
      <br />
      <span className="payout-mono">{d.account_number}</span> · {d.account_name}
    </>
  ) : (
    <>
      {PAYOUT_METHOD_LABELS.mobile_money}: {d.provider_name || d.provider}
      <br />
      <span className="payout-mono">{formatGhanaMobile(d.phone_number)}</span> · {d.account_name}
    </>
  );
}

interface RowProps {
  w: AdminWithdrawal;
  busy: boolean;
  onApprove: () => void;
  onReject: (opener: HTMLElement) => void;
  onRetry: () => void;
}

function QueueItem({ w, busy, onApprove, onReject, onRetry }: RowProps) {
  const subject = `${formatGhs(w.amount)} for ${w.cause_title}`;
  const reason = w.status === 'rejected' ? w.rejection_reason : w.status === 'failed' ? w.failure_reason : null;
  return (
    <li className="payout-item payout-item--admin">
      <div className="payout-item__top">
        <span className="amount">{formatGhs(w.amount)}</span>
        <WithdrawalStatusBadge status={w.status} />
      </div>
      <dl className="payout-facts">
        <div>
          <dt>Cause</dt>
          <dd>
            <Link to="/causes/$id" params={{ id: w.cause_id }}>
              {w.cause_title}
            </Link>
            {' · '}
            <Link to="/admindonations" search={{ cause_id: w.cause_id }} aria-label={`Donations to ${w.cause_title}`}>
              Donations
            </Link>
          </dd>
        </div>
        <div>
          <dt>Organizer</dt>
          <dd>
            {w.organizer_name || '—'}
            <br />
            <span className="payout-muted">{w.organizer_email}</span>
          </dd>
        </div>
        <div>
          <dt>Pay to</dt>
          <dd>
            <Destination w={w} />
          </dd>
        </div>
        <div>
          <dt>Requested</dt>
          <dd>
            <time dateTime={w.created_at}>{formatDateTime(w.created_at)}</time>
          </dd>
        </div>
        {w.paid_at ? (
          <div>
            <dt>Paid</dt>
            <dd>
              <time dateTime={w.paid_at}>{formatDateTime(w.paid_at)}</time>
            </dd>
          </div>
        ) : null}
        <div>
          <dt>Reference</dt>
          <dd className="payout-mono">{w.reference}</dd>
        </div>
        {reason ? (
          <div>
            <dt>Reason</dt>
            <dd>{reason}</dd>
          </div>
        ) : null}
      </dl>
      {w.status === 'requested' ? (
        <div className="row-actions">
          <button
            type="button"
            className="button button--primary button--small"
            disabled={busy}
            aria-label={`Approve ${subject}`}
            onClick={onApprove}
          >
            Approve
          </button>
          <button
            type="button"
            className="button button--danger button--small"
            disabled={busy}
            aria-label={`Reject ${subject}`}
            onClick={(e) => onReject(e.currentTarget)}
          >
            Reject
          </button>
        </div>
      ) : w.status === 'processing' || w.status === 'failed' ? (
        <div className="row-actions">
          <button
            type="button"
            className="button button--secondary button--small"
            disabled={busy}
            aria-label={`Retry ${subject}`}
            onClick={onRetry}
          >
            Retry
          </button>
        </div>
      ) : null}
    </li>
  );
}

/** /adminwithdrawals: organizers' withdrawal requests by status, with Approve, Reject (reason) and Retry. */
export function AdminWithdrawalsPage() {
  useDocumentTitle('Withdrawals');
  const [tab, setTab] = useState<WithdrawalStatus>('requested');
  const [page, setPage] = useState(1);
  const [items, setItems] = useState<AdminWithdrawal[] | null>(null);
  const [hasNext, setHasNext] = useState(false);
  const [count, setCount] = useState<number | null>(null);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [version, setVersion] = useState(0);
  const [rejecting, setRejecting] = useState<AdminWithdrawal | null>(null);
  const returnFocus = useRef<HTMLElement | null>(null);
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);

  const load = useCallback(
    (signal: AbortSignal) => {
      listAdminWithdrawals(tab, page, signal)
        .then((data) => {
          setItems(data.results);
          setHasNext(Boolean(data.next));
          setCount(data.count);
          setFailed(false);
          if (data.results.length === 0 && page > 1) setPage(page - 1);
        })
        .catch(() => {
          if (signal.aborted) return;
          setItems((current) => current ?? []);
          setFailed(true);
        });
    },
    [tab, page],
  );

  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal);
    return () => controller.abort();
  }, [load, version]);

  function choose(status: WithdrawalStatus) {
    if (status === tab) return;
    setTab(status);
    setPage(1);
    setItems(null);
    setCount(null);
  }

  function onTabKey(event: KeyboardEvent, index: number) {
    const last = TABS.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    choose(TABS[next].status);
    tabRefs.current[next]?.focus();
  }

  async function act(run: () => Promise<unknown>, success: string) {
    setBusy(true);
    try {
      await run();
      toast.success(success);
      return true;
    } catch {
      toast.error('Failed to update withdrawal');
      return false;
    } finally {
      setBusy(false);
      setVersion((v) => v + 1);
    }
  }

  function closeDialog() {
    setRejecting(null);
    const opener = returnFocus.current;
    requestAnimationFrame(() => (opener?.isConnected ? opener : document.getElementById('withdrawals-title'))?.focus());
  }

  const current = TABS.find((t) => t.status === tab)!;
  const list = items ?? [];

  return (
    <div className="admin-page payout-page">
      <h1 id="withdrawals-title" tabIndex={-1}>
        Withdrawals
      </h1>
      <div className="payout-tabs" role="tablist" aria-label="Withdrawal status">
        {TABS.map((t, index) => (
          <button
            key={t.status}
            ref={(el) => {
              tabRefs.current[index] = el;
            }}
            type="button"
            role="tab"
            id={`wd-tab-${t.status}`}
            aria-selected={t.status === tab}
            aria-controls="wd-panel"
            tabIndex={t.status === tab ? 0 : -1}
            className="payout-tab"
            onClick={() => choose(t.status)}
            onKeyDown={(e) => onTabKey(e, index)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <section id="wd-panel" role="tabpanel" aria-labelledby={`wd-tab-${tab}`} className="panel" aria-busy={items === null}>
        <h2>
          {current.label} withdrawals{count !== null && count > 0 ? ` (${count})` : ''}
        </h2>
        {items === null ? (
          <LinesSkeleton label="Loading withdrawals…" />
        ) : list.length === 0 ? (
          <p className="panel__empty">{failed ? 'Could not load the withdrawals. Check your connection and try again.' : current.empty}</p>
        ) : (
          <ul className="payout-list" aria-label={`${current.label} withdrawals`}>
            {list.map((w) => (
              <QueueItem
                key={w.id}
                w={w}
                busy={busy}
                onApprove={() => void act(() => approveWithdrawal(w.id), 'Withdrawal approved')}
                onReject={(opener) => {
                  returnFocus.current = opener;
                  setRejecting(w);
                }}
                onRetry={() => void act(() => retryWithdrawal(w.id), 'Payout retried')}
              />
            ))}
          </ul>
        )}
        {items !== null ? <Pager label="Pages of withdrawals" page={page} hasNext={hasNext} onPage={setPage} /> : null}
      </section>

      {rejecting ? (
        <ReasonDialog
          subject={`Reject withdrawal of ${formatGhs(rejecting.amount)} for “${rejecting.cause_title}”`}
          busy={busy}
          onCancel={closeDialog}
          onConfirm={(reason) => {
            // A refusal keeps the dialog (and the typed reason) open to try again.
            void act(() => rejectWithdrawal(rejecting.id, reason), 'Withdrawal rejected').then((ok) => ok && closeDialog());
          }}
        />
      ) : null}
    </div>
  );
}
