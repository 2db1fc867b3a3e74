import { Link } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import type { AdminWithdrawal, WithdrawalStatus } from '../../../../shared/contract/payouts';
import { formatDateTime } from '../../../../shared/dates';
import { formatGhs } from '../../../../shared/money';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { toast } from '../../../stores/toast-store';
import { ReasonDialog } from '../../../components/reason-dialog';
import { approveWithdrawal, listAdminWithdrawals, rejectWithdrawal, retryWithdrawal } from '../api/payouts-api';
import { PAYOUT_METHOD_LABELS } from '../../../../shared/payment-methods';
import { formatGhanaMobile } from '../../../../shared/phone';
import { WithdrawalStatusBadge } from './status-badge';
import '../../../components/admin-list/admin-list.css';
import '../payouts.css';
import { TabbedList, type ListTab } from '../../../components/admin-list/tabbed-list';

const TABS: ListTab<WithdrawalStatus>[] = [
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
  const [busy, setBusy] = useState(false);
  const [version, setVersion] = useState(0);
  const [rejecting, setRejecting] = useState<AdminWithdrawal | null>(null);
  const returnFocus = useRef<HTMLElement | null>(null);

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

  return (
    <div className="admin-page payout-page">
      <h1 id="withdrawals-title" tabIndex={-1}>
        Withdrawals
      </h1>
      <TabbedList
        tabs={TABS}
        idPrefix="wd"
        label="Withdrawal status"
        noun="withdrawals"
        listClassName="payout-list"
        load={listAdminWithdrawals}
        version={version}
      >
        {(w) => (
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
        )}
      </TabbedList>

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
