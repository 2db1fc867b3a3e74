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
import type { WebMessageId } from '../../../../shared/i18n/message-ids.gen';
import { slot } from '../../../../shared/i18n/slots';
import { useLocale, useT } from '../../../lib/i18n';
import { withElements } from '../../../lib/rich-text';
import { receivedLabel, ResolvePaymentDialog, type ResolveAction } from './resolve-payment-dialog';
import '../admin.css';

const TABS: ListTab<AdminPaymentFilter>[] = [
  { status: 'flagged', label: 'admin.payments.tab.flagged', title: 'admin.payments.title.flagged', empty: 'admin.payments.empty.flagged' },
  {
    status: 'resolved',
    label: 'admin.payments.tab.resolved',
    title: 'admin.payments.title.resolved',
    empty: 'admin.payments.empty.resolved',
  },
];

const DONATION_STATUS: Record<string, WebMessageId> = {
  pending: 'admin.payments.donation.waiting',
  completed: 'admin.payments.donation.credited',
  failed: 'admin.payments.donation.notCredited',
  abandoned: 'admin.payments.donation.notCredited',
  refunded: 'admin.payments.donation.refunded',
};

/** One Idempotency-Key per decision; plain http on a LAN address has no crypto.randomUUID. */
function decisionKey(): string {
  return [...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, '0')).join('');
}

function Resolution({ p }: { p: AdminPayment }) {
  const t = useT();
  const locale = useLocale();
  if (!p.resolution) return null;
  const credited = p.resolution === 'credited';
  const name = p.resolved_by_name;
  return (
    <div>
      <dt>{t('admin.payments.decision')}</dt>
      <dd>
        {name
          ? t(credited ? 'admin.payments.creditedBy' : 'admin.payments.refundedBy', { name })
          : t(credited ? 'admin.payments.credited' : 'admin.payments.refunded')}
        {p.resolved_at ? (
          <>
            {' '}
            {withElements(t('admin.payments.on', { date: slot('date') }), {
              date: <time dateTime={p.resolved_at}>{formatDateTime(p.resolved_at, locale)}</time>,
            })}
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
  const t = useT();
  const locale = useLocale();
  return (
    <li className="flagged-item">
      <div className="flagged-item__top">
        <span className="flagged-item__amounts">
          {withElements(t('admin.payments.amounts', { asked: slot('asked'), received: slot('received') }), {
            asked: <span className="amount">{formatGhs(p.amount)}</span>,
            received: <span className="amount">{receivedLabel(p)}</span>,
          })}
        </span>
        <span className={`flagged-badge flagged-badge--${p.resolution ?? 'flagged'}`}>
          {p.resolution === 'credited'
            ? t('admin.payments.credited')
            : p.resolution === 'refunded'
              ? t('admin.payments.refunded')
              : t('admin.payments.flagged')}
        </span>
      </div>
      <dl className="flagged-facts">
        <div>
          <dt>{t('admin.payments.why')}</dt>
          <dd>{p.flagged_reason ?? '—'}</dd>
        </div>
        <div>
          <dt>{t('admin.payments.donor')}</dt>
          <dd>
            {p.donor_name || '—'}
            <br />
            <span className="flagged-muted">{p.email}</span>
          </dd>
        </div>
        <div>
          <dt>{t('admin.payments.causes')}</dt>
          <dd>
            <ul className="flagged-donations">
              {p.donations.map((d) => (
                <li key={d.id}>
                  <Link to="/causes/$id" params={{ id: d.cause_id }}>
                    {d.cause_title}
                  </Link>{' '}
                  {formatGhs(d.amount)}
                  {d.pledged_amount && d.pledged_amount !== d.amount ? (
                    <> {t('admin.payments.pledged', { amount: formatGhs(d.pledged_amount) })}</>
                  ) : null}{' '}
                  <span className="flagged-muted">
                    · {Object.hasOwn(DONATION_STATUS, d.status) ? t(DONATION_STATUS[d.status]) : d.status}
                  </span>
                </li>
              ))}
            </ul>
          </dd>
        </div>
        <div>
          <dt>{t('admin.payments.started')}</dt>
          <dd>
            <time dateTime={p.created_at}>{formatDateTime(p.created_at, locale)}</time>
          </dd>
        </div>
        <div>
          <dt>{t('admin.payments.reference')}</dt>
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
            aria-label={t('admin.payments.creditTitle', { reference: p.reference })}
            onClick={(e) => onResolve('credit', e.currentTarget)}
          >
            {t('admin.payments.creditReceived')}
          </button>
          <button
            type="button"
            className="button button--secondary button--small"
            disabled={busy}
            aria-label={t('admin.payments.markRefundedTitle', { reference: p.reference })}
            onClick={(e) => onResolve('refund', e.currentTarget)}
          >
            {t('admin.payments.markRefunded')}
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
  const t = useT();
  useDocumentTitle(t('admin.payments.pageTitle'));
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
      toast.success(body.action === 'credit' ? t('admin.payments.creditedToast') : t('admin.payments.refundedToast'));
      setVersion((v) => v + 1);
      closeDialog();
    } catch (error) {
      if (error instanceof ApiError) decisionKeyRef.current = decisionKey();
      const fieldError = error instanceof ApiError ? error.errorBody?.errors?.amount?.[0] : undefined;
      if (fieldError) setAmountError(fieldError);
      else toast.error(errorMessage(error, t('admin.payments.failed')));
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
        {t('admin.payments.pageTitle')}
      </h1>
      <p className="flagged-intro">{t('admin.payments.intro')}</p>
      <TabbedList
        tabs={TABS}
        idPrefix="pay"
        label={t('admin.payments.tabsLabel')}
        loadingLabel={t('admin.payments.loading')}
        failedText={t('admin.payments.loadFailed')}
        pagesLabel={t('admin.payments.pages')}
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
