import { Link } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import type { AdminPayment, AdminPaymentFilter, PaymentResolutionRequest } from '../../../../shared/contract/admin';
import { formatDateTime } from '../../../../shared/dates';
import { formatGhs } from '../../../../shared/money';
import { TabbedList, type ListTab } from '../../../components/admin-list/tabbed-list';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { toast } from '../../../stores/toast-store';
import { listAdminPayments, resolvePayment } from '../api/admin-api';
import { receivedLabel, ResolvePaymentDialog, type ResolveAction } from './resolve-payment-dialog';
import '../admin.css';

const TABS: ListTab<AdminPaymentFilter>[] = [
  { status: 'flagged', label: 'Flagged', empty: 'No payments need a decision.' },
  { status: 'resolved', label: 'Resolved', empty: 'No payments resolved yet.' },
];

const DONATION_STATUS: Record<string, string> = {
  pending: 'waiting',
  completed: 'credited',
  failed: 'not credited',
  abandoned: 'not credited',
  refunded: 'refunded',
};

/** One Idempotency-Key per decision; plain http on a LAN address has no crypto.randomUUID. */
function decisionKey(): string {
  return [...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, '0')).join('');
}

function Resolution({ p }: { p: AdminPayment }) {
  if (!p.resolution) return null;
  const what = p.resolution === 'credited' ? 'Credited' : 'Refunded';
  return (
    <div>
      <dt>Decision</dt>
      <dd>
        {what}
        {p.resolved_by_name ? ` by ${p.resolved_by_name}` : ''}
        {p.resolved_at ? (
          <>
            {' '}
            on <time dateTime={p.resolved_at}>{formatDateTime(p.resolved_at)}</time>
          </>
        ) : null}
        {p.resolution_note ? (
          <>
            <br />
            <span className="flagged-muted">“{p.resolution_note}”</span>
          </>
        ) : null}
      </dd>
    </div>
  );
}

interface ItemProps {
  p: AdminPayment;
  busy: boolean;
  onResolve: (action: ResolveAction, opener: HTMLElement) => void;
}

function PaymentItem({ p, busy, onResolve }: ItemProps) {
  const subject = `payment ${p.reference}`;
  return (
    <li className="flagged-item">
      <div className="flagged-item__top">
        <span className="flagged-item__amounts">
          <span className="amount">{formatGhs(p.amount)}</span> asked · <span className="amount">{receivedLabel(p)}</span> reported
        </span>
        <span className={`flagged-badge flagged-badge--${p.resolution ?? 'flagged'}`}>
          {p.resolution === 'credited' ? 'Credited' : p.resolution === 'refunded' ? 'Refunded' : 'Flagged'}
        </span>
      </div>
      <dl className="flagged-facts">
        <div>
          <dt>Why</dt>
          <dd>{p.flagged_reason ?? '—'}</dd>
        </div>
        <div>
          <dt>Donor</dt>
          <dd>
            {p.donor_name || '—'}
            <br />
            <span className="flagged-muted">{p.email}</span>
          </dd>
        </div>
        <div>
          <dt>Causes</dt>
          <dd>
            <ul className="flagged-donations">
              {p.donations.map((d) => (
                <li key={d.id}>
                  <Link to="/causes/$id" params={{ id: d.cause_id }}>
                    {d.cause_title}
                  </Link>{' '}
                  {formatGhs(d.amount)}
                  {d.pledged_amount && d.pledged_amount !== d.amount ? <> (pledged {formatGhs(d.pledged_amount)})</> : null}{' '}
                  <span className="flagged-muted">· {DONATION_STATUS[d.status] ?? d.status}</span>
                </li>
              ))}
            </ul>
          </dd>
        </div>
        <div>
          <dt>Started</dt>
          <dd>
            <time dateTime={p.created_at}>{formatDateTime(p.created_at)}</time>
          </dd>
        </div>
        <div>
          <dt>Reference</dt>
          <dd className="flagged-mono">
            {p.reference} <span className="flagged-muted">({p.provider})</span>
          </dd>
        </div>
        <Resolution p={p} />
      </dl>
      {p.status === 'flagged' ? (
        <div className="row-actions">
          <button
            type="button"
            className="button button--primary button--small"
            disabled={busy}
            aria-label={`Credit ${subject}`}
            onClick={(e) => onResolve('credit', e.currentTarget)}
          >
            Credit amount received
          </button>
          <button
            type="button"
            className="button button--secondary button--small"
            disabled={busy}
            aria-label={`Mark ${subject} refunded`}
            onClick={(e) => onResolve('refund', e.currentTarget)}
          >
            Mark refunded
          </button>
        </div>
      ) : null}
    </li>
  );
}

/**
 * /adminpayments: payments the provider reported with another amount or currency than asked.
 * Nothing of them was credited; an admin credits the amount actually received (once) or records
 * that the donor was refunded. Resolved ones stay listed under 'Resolved'.
 */
export function AdminPaymentsPage() {
  useDocumentTitle('Flagged payments');
  const [busy, setBusy] = useState(false);
  const [version, setVersion] = useState(0);
  const [deciding, setDeciding] = useState<{ payment: AdminPayment; action: ResolveAction } | null>(null);
  const [amountError, setAmountError] = useState<string | null>(null);
  const returnFocus = useRef<HTMLElement | null>(null);
  // Kept across retries of one decision (a lost answer must not apply it twice); renewed after
  // the server answered with an error, since the corrected request is a different one.
  const decisionKeyRef = useRef(decisionKey());

  function closeDialog() {
    setDeciding(null);
    setAmountError(null);
    const opener = returnFocus.current;
    requestAnimationFrame(() => (opener?.isConnected ? opener : document.getElementById('payments-title'))?.focus());
  }

  async function decide(body: PaymentResolutionRequest) {
    if (!deciding) return;
    setBusy(true);
    setAmountError(null);
    try {
      await resolvePayment(deciding.payment.id, body, decisionKeyRef.current);
      toast.success(body.action === 'credit' ? 'Payment credited' : 'Payment marked refunded');
      setVersion((v) => v + 1);
      closeDialog();
    } catch (error) {
      if (error instanceof ApiError) decisionKeyRef.current = decisionKey();
      const fieldError = error instanceof ApiError ? error.errorBody?.errors?.amount?.[0] : undefined;
      if (fieldError) setAmountError(fieldError);
      else toast.error(errorMessage(error, 'Could not resolve the payment. Please try again.'));
      // Someone else decided first: show the list as it is now.
      if (error instanceof ApiError && error.status === 409) {
        setVersion((v) => v + 1);
        closeDialog();
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="admin-page flagged-page">
      <h1 id="payments-title" tabIndex={-1}>
        Flagged payments
      </h1>
      <p className="flagged-intro">
        The payment provider reported a different amount or currency than Boafo asked for, so nothing was credited. Credit what was actually
        received, or record that the donor was refunded.
      </p>
      <TabbedList
        tabs={TABS}
        idPrefix="pay"
        label="Payment reviews"
        noun="payments"
        listClassName="flagged-list"
        load={listAdminPayments}
        version={version}
      >
        {(p) => (
          <PaymentItem
            key={p.id}
            p={p}
            busy={busy}
            onResolve={(action, opener) => {
              returnFocus.current = opener;
              setAmountError(null);
              decisionKeyRef.current = decisionKey();
              setDeciding({ payment: p, action });
            }}
          />
        )}
      </TabbedList>

      {deciding ? (
        <ResolvePaymentDialog
          key={`${deciding.payment.id}-${deciding.action}`}
          payment={deciding.payment}
          action={deciding.action}
          busy={busy}
          amountError={amountError}
          onCancel={closeDialog}
          onConfirm={(body) => void decide(body)}
        />
      ) : null}
    </div>
  );
}
