import { Link } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import type { AdminWithdrawal, WithdrawalStatus } from '../../../../shared/contract/payouts';
import { formatDateTime } from '../../../../shared/dates';
import { formatGhs } from '../../../../shared/money';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { toast } from '../../../stores/toast-store';
import { ReasonDialog } from '../../../components/reason-dialog';
import { approveWithdrawal, listAdminWithdrawals, rejectWithdrawal, retryWithdrawal } from '../api/payouts-api';
import { formatGhanaMobile } from '../../../../shared/phone';
import { useLocale, useT } from '../../../lib/i18n';
import { payoutMethodText } from '../lib/payout-text';
import { WithdrawalStatusBadge } from './status-badge';
import '../../../components/admin-list/admin-list.css';
import '../payouts.css';
import { TabbedList, type ListTab } from '../../../components/admin-list/tabbed-list';

const TABS: ListTab<WithdrawalStatus>[] = [
  {
    status: 'requested',
    label: 'payouts.admin.tab.requested',
    title: 'payouts.admin.title.requested',
    empty: 'payouts.admin.empty.requested',
  },
  {
    status: 'processing',
    label: 'payouts.admin.tab.processing',
    title: 'payouts.admin.title.processing',
    empty: 'payouts.admin.empty.processing',
  },
  { status: 'paid', label: 'payouts.admin.tab.paid', title: 'payouts.admin.title.paid', empty: 'payouts.admin.empty.paid' },
  { status: 'failed', label: 'payouts.admin.tab.failed', title: 'payouts.admin.title.failed', empty: 'payouts.admin.empty.failed' },
  { status: 'rejected', label: 'payouts.admin.tab.rejected', title: 'payouts.admin.title.rejected', empty: 'payouts.admin.empty.rejected' },
];

function Destination({ w }: { w: AdminWithdrawal }) {
  const t = useT();
  const d = w.destination;
  if (!d) return <>{w.destination_label}</>;
  return d.type === 'bank' ? (
    <>
      {payoutMethodText(t, 'bank')}: {d.bank_name || d.bank_code}
      <br />
      <span className="payout-mono">{d.account_number}</span> · {d.account_name}
    </>
  ) : (
    <>
      {payoutMethodText(t, 'mobile_money')}: {d.provider_name || d.provider}
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
  const t = useT();
  const locale = useLocale();
  const subject = { amount: formatGhs(w.amount), cause: w.cause_title };
  const reason = w.status === 'rejected' ? w.rejection_reason : w.status === 'failed' ? w.failure_reason : null;
  return (
    <li className="payout-item payout-item--admin">
      <div className="payout-item__top">
        <span className="amount">{formatGhs(w.amount)}</span>
        <WithdrawalStatusBadge status={w.status} />
      </div>
      <dl className="payout-facts">
        <div>
          <dt>{t('payouts.admin.cause')}</dt>
          <dd>
            <Link to="/causes/$id" params={{ id: w.cause_id }}>
              {w.cause_title}
            </Link>
            {' · '}
            <Link
              to="/admindonations"
              search={{ cause_id: w.cause_id }}
              aria-label={t('payouts.admin.donationsLabel', { cause: w.cause_title })}
            >
              {t('payouts.admin.donations')}
            </Link>
          </dd>
        </div>
        <div>
          <dt>{t('payouts.admin.organizer')}</dt>
          <dd>
            {w.organizer_name || '—'}
            <br />
            <span className="payout-muted">{w.organizer_email}</span>
          </dd>
        </div>
        <div>
          <dt>{t('payouts.admin.payTo')}</dt>
          <dd>
            <Destination w={w} />
          </dd>
        </div>
        <div>
          <dt>{t('payouts.admin.requested')}</dt>
          <dd>
            <time dateTime={w.created_at}>{formatDateTime(w.created_at, locale)}</time>
          </dd>
        </div>
        {w.paid_at ? (
          <div>
            <dt>{t('payouts.admin.paid')}</dt>
            <dd>
              <time dateTime={w.paid_at}>{formatDateTime(w.paid_at, locale)}</time>
            </dd>
          </div>
        ) : null}
        <div>
          <dt>{t('payouts.admin.reference')}</dt>
          <dd className="payout-mono">{w.reference}</dd>
        </div>
        {reason ? (
          <div>
            <dt>{t('payouts.admin.reason')}</dt>
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
            aria-label={t('payouts.admin.approveLabel', subject)}
            onClick={onApprove}
          >
            {t('payouts.admin.approve')}
          </button>
          <button
            type="button"
            className="button button--danger button--small"
            disabled={busy}
            aria-label={t('payouts.admin.rejectLabel', subject)}
            onClick={(e) => onReject(e.currentTarget)}
          >
            {t('payouts.admin.reject')}
          </button>
        </div>
      ) : w.status === 'processing' || w.status === 'failed' ? (
        <div className="row-actions">
          <button
            type="button"
            className="button button--secondary button--small"
            disabled={busy}
            aria-label={t('payouts.admin.retryLabel', subject)}
            onClick={onRetry}
          >
            {t('payouts.admin.retry')}
          </button>
        </div>
      ) : null}
    </li>
  );
}

/** /adminwithdrawals: organizers' withdrawal requests by status, with Approve, Reject (reason) and Retry. */
export function AdminWithdrawalsPage() {
  const t = useT();
  useDocumentTitle(t('payouts.admin.pageTitle'));
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
      toast.error(t('payouts.admin.failed'));
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
        {t('payouts.admin.pageTitle')}
      </h1>
      <TabbedList
        tabs={TABS}
        idPrefix="wd"
        label={t('payouts.admin.tabsLabel')}
        loadingLabel={t('payouts.admin.loading')}
        failedText={t('payouts.admin.loadFailed')}
        pagesLabel={t('payouts.admin.pages')}
        listClassName="payout-list"
        load={listAdminWithdrawals}
        version={version}
      >
        {(w) => (
          <QueueItem
            key={w.id}
            w={w}
            busy={busy}
            onApprove={() => void act(() => approveWithdrawal(w.id), t('payouts.admin.approved'))}
            onReject={(opener) => {
              returnFocus.current = opener;
              setRejecting(w);
            }}
            onRetry={() => void act(() => retryWithdrawal(w.id), t('payouts.admin.retried'))}
          />
        )}
      </TabbedList>

      {rejecting ? (
        <ReasonDialog
          subject={t('payouts.admin.rejectTitle', { amount: formatGhs(rejecting.amount), cause: rejecting.cause_title })}
          busy={busy}
          onCancel={closeDialog}
          onConfirm={(reason) => {
            // A refusal keeps the dialog (and the typed reason) open to try again.
            void act(() => rejectWithdrawal(rejecting.id, reason), t('payouts.admin.rejected')).then((ok) => ok && closeDialog());
          }}
        />
      ) : null}
    </div>
  );
}
