import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { AdminDonation } from '../../../../shared/contract/refunds';
import { firstFieldError } from '../../../../shared/api-errors';
import { formatDateTime } from '../../../../shared/dates';
import { formatGhs, parseAmount, toDecimalString } from '../../../../shared/money';
import { LinesSkeleton } from '../../../components/lines-skeleton';
import { LoadMore } from '../../../components/load-more';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useOnline } from '../../../lib/use-online';
import { methodLabel } from '../../../../shared/payment-methods';
import { usePages } from '../../../lib/use-pages';
import { toast } from '../../../stores/toast-store';
import { listCauseDonations, refundDonation, refundKey, type RefundScope } from '../api/refunds-api';
import '../refunds.css';

const STATUSES: Record<AdminDonation['status'], string> = {
  pending: 'Pending',
  completed: 'Completed',
  failed: 'Failed',
  abandoned: 'Abandoned',
  refunded: 'Refunded',
};

const pesewas = (amount: string) => parseAmount(amount) ?? 0;

/** The donor as a row and its button name it: their name, else who they are not. */
export function donorLabel(d: AdminDonation): string {
  if (d.donor_name) return d.is_anonymous ? `${d.donor_name} (anonymous)` : d.donor_name;
  return d.is_anonymous ? 'Anonymous donor' : 'Unnamed donor';
}

function statusLabel(d: AdminDonation): string {
  if (d.status === 'completed' && pesewas(d.refunded) > 0) return 'Partly refunded';
  return STATUSES[d.status] ?? d.status;
}

/** What the amount field says is wrong before anything is sent, or null. */
function checkAmount(text: string, refundable: number): string | null {
  const value = parseAmount(text);
  if (value === null || value <= 0) return 'Enter the amount to refund in GHS, greater than 0, with at most 2 decimals.';
  if (value > refundable) return `The most that can be refunded on this donation is ${formatGhs(refundable)}.`;
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
      toast.success(`Refunded ${formatGhs(refund.amount)}`);
      onDone(refund.donation);
    } catch (failure) {
      if (failure instanceof ApiError) key.current = refundKey();
      const body = failure instanceof ApiError ? failure.errorBody : null;
      const field = firstFieldError(body, 'amount');
      if (field) {
        setError(field);
        input.current?.focus();
      } else {
        toast.error(errorMessage(failure, 'Could not refund the donation. Check your connection and try again.'));
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
        <label htmlFor={`${id}-amount`}>Amount to refund (GHS)</label>
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
          Up to {formatGhs(refundable)}. The donor is paid back through the payment provider.
        </p>
        {error ? (
          <p id={errorId} className="field__error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
      <div className="button-row">
        <button type="submit" className="button button--danger button--small" disabled={busy || !online}>
          {busy ? 'Refunding...' : 'Confirm refund'}
        </button>
        <button type="button" className="button button--secondary button--small" disabled={busy} onClick={() => onDone(null)}>
          Cancel
        </button>
      </div>
      {!online ? <p className="field__hint">Refunding needs a connection.</p> : null}
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
  const subject = `Refund donation from ${donorLabel(d)}, ${formatGhs(d.amount)}`;
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
        <span className={`refund-badge refund-badge--${d.status}`}>{statusLabel(d)}</span>
      </div>
      <dl className="refund-facts">
        <div>
          <dt>Date</dt>
          <dd>
            <time dateTime={d.donated_at}>{formatDateTime(d.donated_at)}</time>
          </dd>
        </div>
        <div>
          <dt>Donor</dt>
          <dd>{donorLabel(d)}</dd>
        </div>
        <div>
          <dt>Method</dt>
          <dd>{d.method ? methodLabel(d.method) : '—'}</dd>
        </div>
        <div>
          <dt>Paid</dt>
          <dd>{formatGhs(d.amount)}</dd>
        </div>
        <div>
          <dt>Refunded</dt>
          <dd>{formatGhs(d.refunded)}</dd>
        </div>
        <div>
          <dt>Refundable</dt>
          <dd>{formatGhs(d.refundable)}</dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>{statusLabel(d)}</dd>
        </div>
      </dl>
      {open ? (
        <RefundForm scope={scope} donation={d} subject={subject} onDone={close} />
      ) : refundable ? (
        <div className="button-row">
          <button ref={opener} type="button" className="button button--secondary button--small" aria-label={subject} onClick={onOpen}>
            Refund
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
  useEffect(() => setOpenId(null), [scope, causeId]);
  const items = pages.items;

  if (pages.failed) {
    return (
      <div>
        <p className="panel__empty">Could not load the donations. Check your connection and try again.</p>
        <button type="button" className="button button--secondary button--small" onClick={pages.retry}>
          Try again
        </button>
      </div>
    );
  }
  if (items === null) return <LinesSkeleton label="Loading donations…" />;
  if (items.length === 0) return <p className="panel__empty">No donations yet.</p>;
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
      <LoadMore pages={pages} label="Load more donations" className="refund-more" />
    </>
  );
}
