import { Link } from '@tanstack/react-router';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import type { Cause } from '../../../../shared/contract/causes';
import type { CauseBalance, WithdrawalDetails } from '../../../../shared/contract/payouts';
import { firstFieldError } from '../../../../shared/api-errors';
import { formatGhs, parseAmount, toDecimalString } from '../../../../shared/money';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useLoad } from '../../../lib/use-load';
import { useOnline } from '../../../lib/use-online';
import { session } from '../../../stores/session-store';
import { toast } from '../../../stores/toast-store';
import { getCause } from '../../causes/api/causes-api';
import { getCauseBalance, getOwnWithdrawalAddress, requestWithdrawal } from '../api/payouts-api';
import { useT } from '../../../lib/i18n';
import { asWithdrawalDetails, checkWithdrawalAmount, destinationLine, payoutMethodText } from '../lib/payout-text';
import { getTreasurers } from '../api/treasurers-api';
import { BalanceCard } from './balance-card';
import { PendingApprovals } from './pending-approvals';
import { History } from './withdrawal-history';
import { TreasurersSection } from './treasurers-section';
import { StatementSection } from './statement-section';
import '../payouts.css';
import { LinesSkeleton } from '../../../components/lines-skeleton';

function AddDetailsNotice() {
  const t = useT();
  return (
    <p className="payout-notice">
      {t('payouts.request.needsDetails')} <Link to="/profilesettings">{t('payouts.request.addDetails')}</Link>
    </p>
  );
}

interface RequestFormProps {
  causeId: string;
  balance: CauseBalance;
  destination: WithdrawalDetails | null | undefined;
  onRequested: () => void;
}

function RequestForm({ causeId, balance, destination, onRequested }: RequestFormProps) {
  const id = useId();
  const online = useOnline();
  const t = useT();
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [needsDetails, setNeedsDetails] = useState(false);
  const [busy, setBusy] = useState(false);
  const available = parseAmount(balance.available) ?? 0;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const checked = checkWithdrawalAmount(amount, available);
    if ('error' in checked) {
      setError(checked.error);
      return;
    }
    setError(null);
    setNeedsDetails(false);
    setBusy(true);
    try {
      await requestWithdrawal(causeId, toDecimalString(checked.pesewas));
      setAmount('');
      toast.success(t('payouts.request.requested'));
      onRequested();
    } catch (failure) {
      const body = failure instanceof ApiError ? failure.errorBody : null;
      const message = firstFieldError(body, 'amount') ?? errorMessage(failure, t('payouts.request.failed'));
      // The server names the missing profile field: the words are in the reader's language.
      setNeedsDetails(Boolean(firstFieldError(body, 'withdrawal_address')));
      setError(message);
    } finally {
      setBusy(false);
    }
  }

  const nothing = available <= 0;
  const missing = destination === null;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <section className="panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('payouts.request.title')}</h2>
      {missing ? (
        <AddDetailsNotice />
      ) : destination ? (
        <p className="payout-destination">
          {t('payouts.request.paidTo')}{' '}
          <strong>
            {payoutMethodText(t, destination.type)} · {destinationLine(destination)}
          </strong>{' '}
          <Link to="/profilesettings">{t('payouts.request.change')}</Link>
        </p>
      ) : null}
      <form className="payout-request" onSubmit={onSubmit} noValidate aria-busy={busy}>
        <div className={`field${error ? ' field--invalid' : ''}`}>
          <label htmlFor={`${id}-amount`}>{t('payouts.request.amount')}</label>
          <input
            id={`${id}-amount`}
            name="amount"
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            aria-invalid={error ? true : undefined}
            aria-describedby={[hintId, error ? errorId : ''].filter(Boolean).join(' ')}
            onChange={(e) => {
              setAmount(e.target.value);
              if (error) setError(null);
            }}
          />
          <p id={hintId} className="field__hint">
            {nothing ? t('payouts.request.nothing') : t('payouts.request.upTo', { amount: formatGhs(available) })}
          </p>
          {error ? (
            <p id={errorId} className="field__error" role="alert">
              {error}
              {needsDetails ? (
                <>
                  {' '}
                  <Link to="/profilesettings">{t('payouts.request.addDetails')}</Link>
                </>
              ) : null}
            </p>
          ) : null}
        </div>
        <div className="button-row">
          <button type="submit" className="button button--primary" disabled={busy || nothing || missing || !online}>
            {busy ? t('payouts.request.requesting') : t('payouts.request.submit')}
          </button>
          {!nothing ? (
            <button
              type="button"
              className="button button--secondary button--small"
              disabled={busy}
              onClick={() => setAmount(balance.available)}
            >
              {t('payouts.request.withdrawAll', { amount: formatGhs(available) })}
            </button>
          ) : null}
        </div>
        {!online ? <p className="field__hint">{t('payouts.request.needsConnection')}</p> : null}
      </form>
    </section>
  );
}

/** Treasurers see the page read-only: balance, their approvals and the history, never the request form. */
type Role = 'organizer' | 'treasurer';
type Access =
  { kind: 'loading' } | { kind: 'ok'; cause: Cause; role: Role } | { kind: 'denied' } | { kind: 'missing' } | { kind: 'failed' };

/** Organizer, or an accepted treasurer (asked of the treasurers list: 403 for anyone else). */
async function accessTo(cause: Cause, userId: string | null, signal: AbortSignal): Promise<Access> {
  if (cause.organizer_id === userId) return { kind: 'ok', cause, role: 'organizer' };
  const list = await getTreasurers(cause.id, signal).catch(() => null);
  return list?.your_role === 'treasurer' ? { kind: 'ok', cause, role: 'treasurer' } : { kind: 'denied' };
}

/** /causes/$id/withdrawals: the organizer's balance, request form, treasurers and history; a treasurer's approvals. */
export function CauseWithdrawalsPage({
  causeId,
  donations,
}: {
  causeId: string;
  /** The organizer's refundable donations (the refunds feature's; the route puts it in); a refund reloads the balance. */
  donations?: (onRefunded: () => void) => ReactNode;
}) {
  const { user_id } = useSnapshot(session);
  const t = useT();
  const [version, setVersion] = useState(0);
  const causeLoad = useLoad(
    (signal) =>
      getCause(causeId, { signal })
        .then((cause) => accessTo(cause, user_id, signal))
        .catch((error: unknown) => {
          if (error instanceof ApiError && error.status === 404) return { kind: 'missing' } as const;
          throw error;
        }),
    [causeId, user_id],
  );
  const access: Access = causeLoad.data ?? { kind: causeLoad.failed ? 'failed' : 'loading' };
  const title = access.kind === 'ok' ? access.cause.title || access.cause.name : t('payouts.page.title');
  useDocumentTitle(access.kind === 'ok' ? t('payouts.page.documentTitle', { cause: title }) : t('payouts.page.title'));

  const allowed = access.kind === 'ok';
  const organizer = access.kind === 'ok' && access.role === 'organizer';
  // Kept on screen while a request or a refund reloads it.
  const { data: balance = null, reload: reloadBalance } = useLoad(
    (signal) =>
      getCauseBalance(causeId, signal).catch((error: unknown) => {
        if (signal.aborted) throw error;
        if (error instanceof ApiError && error.status === 403) causeLoad.setData({ kind: 'denied' });
        else toast.error(t('payouts.page.balanceFailed'));
        throw error;
      }),
    [causeId, version],
    { enabled: allowed, keep: true },
  );
  const { data: destination } = useLoad((signal) => getOwnWithdrawalAddress(signal).then(asWithdrawalDetails), [version], {
    enabled: organizer,
    keep: true,
  });

  if (access.kind === 'loading') {
    return (
      <div className="payout-page">
        <h1>{t('payouts.page.title')}</h1>
        <LinesSkeleton label={t('payouts.page.loadingCause')} />
      </div>
    );
  }
  if (access.kind !== 'ok') {
    const text = {
      denied: t('payouts.page.denied'),
      missing: t('payouts.page.missing'),
      failed: t('payouts.page.failed'),
    }[access.kind];
    return (
      <div className="payout-page">
        <h1>
          {access.kind === 'denied'
            ? t('payouts.page.deniedTitle')
            : access.kind === 'missing'
              ? t('payouts.page.missingTitle')
              : t('payouts.page.title')}
        </h1>
        <p className="lead">{text}</p>
        <p className="button-row">
          {access.kind === 'failed' ? (
            <button type="button" className="button button--secondary" onClick={causeLoad.reload}>
              {t('payouts.page.tryAgain')}
            </button>
          ) : null}
          <Link to="/dashboard">{t('payouts.page.backToDashboard')}</Link>
        </p>
      </div>
    );
  }

  return (
    <div className="payout-page">
      <p className="payout-page__back">
        <Link to="/causes/$id" params={{ id: causeId }}>
          {t('payouts.page.backToCause')}
        </Link>
      </p>
      <h1>
        <span className="payout-page__kicker">{t('payouts.page.title')}</span>
        {title}
      </h1>
      <BalanceCard balance={balance} />
      {organizer && balance ? (
        <RequestForm causeId={causeId} balance={balance} destination={destination} onRequested={() => setVersion((v) => v + 1)} />
      ) : null}
      {organizer ? <TreasurersSection causeId={causeId} /> : null}
      {!organizer ? <PendingApprovals causeId={causeId} version={version} onDecided={() => setVersion((v) => v + 1)} /> : null}
      <History causeId={causeId} version={version} />
      {/* Only the organizer refunds (the server's organizer routes); treasurers see the page read-only. */}
      {organizer ? donations?.(reloadBalance) : null}
      <StatementSection causeId={causeId} createdAt={access.cause.created_at} />
    </div>
  );
}
