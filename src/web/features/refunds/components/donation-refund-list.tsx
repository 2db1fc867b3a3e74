import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { AdminDonation } from '../../../../shared/contract/refunds';
import { firstFieldError } from '../../../../shared/api-errors';
import { formatDateTime } from '../../../../shared/dates';
import { formatGhs, parseAmount, toDecimalString } from '../../../../shared/money';
import { LinesSkeleton } from '../../../components/lines-skeleton';
import { LoadMore } from '../../../components/load-more';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useOnline } from '../../../lib/use-online';
import type { WebMessageId } from '../../../../shared/i18n/message-ids.gen';
import { t as translate, useLocale, useT, type Translate } from '../../../lib/i18n';
import { usePages } from '../../../lib/use-pages';
import { toast } from '../../../stores/toast-store';
import { listCauseDonations, refundDonation, refundKey, type RefundScope } from '../api/refunds-api';
import '../refunds.css';

const STATUSES: Record<AdminDonation['status'], WebMessageId> = {
  pending: 'refunds.status.pending',
  completed: 'refunds.status.completed',
  failed: 'refunds.status.failed',
  abandoned: 'refunds.status.abandoned',
  refunded: 'refunds.status.refunded',
};

/** How the donor paid, in words; an unknown method reads as given. */
const METHODS: Record<string, WebMessageId> = {
  card: 'refunds.method.card',
  mobile_money: 'refunds.method.mobileMoney',
  bank: 'refunds.method.bank',
};

const pesewas = (amount: string) => parseAmount(amount) ?? 0;

/** The donor as a row and its button name it: their name, else who they are not. */
export function donorLabel(d: AdminDonation, t: Translate = translate): string {
  if (d.donor_name) return d.is_anonymous ? t('refunds.donor.namedAnonymous', { name: d.donor_name }) : d.donor_name;
  return d.is_anonymous ? t('refunds.donor.anonymous') : t('refunds.donor.unnamed');
}

function statusLabel(d: AdminDonation, t: Translate): string {
  if (d.status === 'completed' && pesewas(d.refunded) > 0) return t('refunds.status.partlyRefunded');
  return Object.hasOwn(STATUSES, d.status) ? t(STATUSES[d.status]) : d.status;
}

/** What the amount field says is wrong before anything is sent, or null. */
function checkAmount(text: string, refundable: number): string | null {
  const value = parseAmount(text);
  if (value === null || value <= 0) return translate('refunds.form.badAmount');
  if (value > refundable) return translate('refunds.form.tooMuch', { amount: formatGhs(refundable) });
  return null;
}

interface FormProps {
  scope: RefundScope;
  donation: AdminDonation;
  subject: string;
  onDone: (updated: AdminDonation | null) => void;
}

/** The inline refund form of one row: the amount (the refundable amount unless changed), Confirm and Cancel. */
function RefundForm({ scope, donation, subject, onDone }: FormProps) {
  const id = useId();
  const online = useOnline();
  const t = useT();
  const [amount, setAmount] = useState(donation.refundable);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // One key per refund meant: kept for a retry after a lost answer, new once the amount changes or the server answered.
  const key = useRef(refundKey());
  const input = useRef<HTMLInputElement>(null);
  const refundable = pesewas(donation.refundable);

  useEffect(() => {
    input.current?.focus();
    input.current?.select();
  }, []);

  // Escape anywhere in the form cancels it (a native listener: the form itself is not a control).
  const form = useRef<HTMLFormElement>(null);
  const state = useRef({ busy, onDone });
  state.current = { busy, onDone };
  useEffect(() => {
    const element = form.current;
    if (!element) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || state.current.busy) return;
      event.preventDefault();
      state.current.onDone(null);
    };
    element.addEventListener('keydown', onKeyDown);
    return () => element.removeEventListener('keydown', onKeyDown);
  }, []);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const problem = checkAmount(amount, refundable);
    if (problem) {
      setError(problem);
      input.current?.focus();
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const refund = await refundDonation(scope, donation, toDecimalString(parseAmount(amount)!), key.current);
      toast.success(t('refunds.form.done', { amount: formatGhs(refund.amount) }));
      onDone(refund.donation);
    } catch (failure) {
      if (failure instanceof ApiError) key.current = refundKey();
      const body = failure instanceof ApiError ? failure.errorBody : null;
      const field = firstFieldError(body, 'amount');
      if (field) {
        setError(field);
        input.current?.focus();
      } else {
        toast.error(errorMessage(failure, t('refunds.form.failed')));
      }
    } finally {
      setBusy(false);
    }
  }

  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <form ref={form} className="refund-form" onSubmit={onSubmit} noValidate aria-busy={busy} aria-label={subject}>
      <div className={`field${error ? ' field--invalid' : ''}`}>
        <label htmlFor={`${id}-amount`}>{t('refunds.form.amount')}</label>
        <input
          ref={input}
          id={`${id}-amount`}
          name="amount"
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          disabled={busy}
          aria-invalid={error ? true : undefined}
          aria-describedby={[hintId, error ? errorId : ''].filter(Boolean).join(' ')}
          onChange={(e) => {
            setAmount(e.target.value);
            key.current = refundKey();
            if (error) setError(null);
          }}
        />
        <p id={hintId} className="field__hint">
          {t('refunds.form.hint', { amount: formatGhs(refundable) })}
        </p>
        {error ? (
          <p id={errorId} className="field__error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
      <div className="button-row">
        <button type="submit" className="button button--danger button--small" disabled={busy || !online}>
          {busy ? t('refunds.form.refunding') : t('refunds.form.confirm')}
        </button>
        <button type="button" className="button button--secondary button--small" disabled={busy} onClick={() => onDone(null)}>
          {t('refunds.form.cancel')}
        </button>
      </div>
      {!online ? <p className="field__hint">{t('refunds.form.needsConnection')}</p> : null}
    </form>
  );
}

interface ItemProps {
  scope: RefundScope;
  donation: AdminDonation;
  open: boolean;
  onOpen: () => void;
  onClose: (updated: AdminDonation | null) => void;
}

function DonationItem({ scope, donation: d, open, onOpen, onClose }: ItemProps) {
  const opener = useRef<HTMLButtonElement>(null);
  const item = useRef<HTMLLIElement>(null);
  const t = useT();
  const locale = useLocale();
  const subject = t('refunds.item.subject', { donor: donorLabel(d, t), amount: formatGhs(d.amount) });
  const refundable = pesewas(d.refundable) > 0;

  function close(updated: AdminDonation | null) {
    onClose(updated);
    // Back to the row's Refund button, or the row when nothing is left to refund.
    requestAnimationFrame(() => (opener.current?.isConnected ? opener.current : item.current)?.focus());
  }

  return (
    <li className="refund-item" ref={item} tabIndex={-1}>
      <div className="refund-item__top">
        <span className="amount">{formatGhs(d.amount)}</span>
        <span className={`refund-badge refund-badge--${d.status}`}>{statusLabel(d, t)}</span>
      </div>
      <dl className="refund-facts">
        <div>
          <dt>{t('refunds.item.date')}</dt>
          <dd>
            <time dateTime={d.donated_at}>{formatDateTime(d.donated_at, locale)}</time>
          </dd>
        </div>
        <div>
          <dt>{t('refunds.item.donor')}</dt>
          <dd>{donorLabel(d, t)}</dd>
        </div>
        <div>
          <dt>{t('refunds.item.method')}</dt>
          <dd>{d.method ? (Object.hasOwn(METHODS, d.method) ? t(METHODS[d.method]) : d.method) : '—'}</dd>
        </div>
        <div>
          <dt>{t('refunds.item.paid')}</dt>
          <dd>{formatGhs(d.amount)}</dd>
        </div>
        <div>
          <dt>{t('refunds.item.refunded')}</dt>
          <dd>{formatGhs(d.refunded)}</dd>
        </div>
        <div>
          <dt>{t('refunds.item.refundable')}</dt>
          <dd>{formatGhs(d.refundable)}</dd>
        </div>
        <div>
          <dt>{t('refunds.item.status')}</dt>
          <dd>{statusLabel(d, t)}</dd>
        </div>
      </dl>
      {open ? (
        <RefundForm scope={scope} donation={d} subject={subject} onDone={close} />
      ) : refundable ? (
        <div className="button-row">
          <button ref={opener} type="button" className="button button--secondary button--small" aria-label={subject} onClick={onOpen}>
            {t('refunds.item.refund')}
          </button>
        </div>
      ) : null}
    </li>
  );
}

interface ListProps {
  scope: RefundScope;
  causeId: string;
  /** The list's accessible name. */
  label: string;
  /** After a refund went through (the page reloads the balance it changed). */
  onRefunded?: () => void;
}

/** A cause's donations, newest first, with Load more and a Refund action per refundable row. */
export function DonationRefundList({ scope, causeId, label, onRefunded }: ListProps) {
  const pages = usePages<AdminDonation>((page, signal) => listCauseDonations(scope, causeId, page, signal), [scope, causeId], {
    enabled: true,
  });
  const [openId, setOpenId] = useState<string | null>(null);
  const t = useT();
  useEffect(() => setOpenId(null), [scope, causeId]);
  const items = pages.items;

  if (pages.failed) {
    return (
      <div>
        <p className="panel__empty">{t('refunds.list.failed')}</p>
        <button type="button" className="button button--secondary button--small" onClick={pages.retry}>
          {t('refunds.list.tryAgain')}
        </button>
      </div>
    );
  }
  if (items === null) return <LinesSkeleton label={t('refunds.list.loading')} />;
  if (items.length === 0) return <p className="panel__empty">{t('refunds.list.empty')}</p>;
  return (
    <>
      <ul className="refund-list" aria-label={label}>
        {items.map((d) => (
          <DonationItem
            key={d.id}
            scope={scope}
            donation={d}
            open={openId === d.id}
            onOpen={() => setOpenId(d.id)}
            onClose={(updated) => {
              setOpenId(null);
              if (!updated) return;
              pages.edit((current) => current.map((c) => (c.id === updated.id ? updated : c)));
              onRefunded?.();
            }}
          />
        ))}
      </ul>
      <LoadMore pages={pages} label={t('refunds.list.loadMore')} className="refund-more" />
    </>
  );
}
