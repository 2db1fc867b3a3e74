import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import type { AdminPayment, PaymentResolutionRequest } from '../../../../shared/contract/admin';
import { formatGhs, parseAmount, toDecimalString } from '../../../../shared/money';

export type ResolveAction = PaymentResolutionRequest['action'];

interface ResolvePaymentDialogProps {
  payment: AdminPayment;
  action: ResolveAction;
  busy: boolean;
  /** The server's message for the amount field, shown inline. */
  amountError: string | null;
  onConfirm: (body: PaymentResolutionRequest) => void;
  onCancel: () => void;
}

/** What the provider reported, in words ("GH₵50.00", "USD 20.00", "no amount"). */
export function receivedLabel(payment: AdminPayment): string {
  if (payment.received_amount === null) return 'no amount';
  return payment.received_currency === 'GHS' || payment.received_currency === null
    ? formatGhs(payment.received_amount)
    : `${payment.received_currency} ${payment.received_amount}`;
}

/**
 * Credit the amount received, or record that the donor was refunded, for one flagged payment.
 * A modal dialog: focus moves in, Tab stays inside, Escape cancels, and the caller puts focus back
 * on the button that opened it. Crediting asks for the GHS amount (prefilled with what the
 * provider reported in GHS); the note is kept with the decision.
 */
export function ResolvePaymentDialog({ payment, action, busy, amountError, onConfirm, onCancel }: ResolvePaymentDialogProps) {
  const id = useId();
  const reportedGhs = payment.received_currency === 'GHS' ? (payment.received_amount ?? '') : '';
  const [amount, setAmount] = useState(reportedGhs);
  const [note, setNote] = useState('');
  const [localError, setLocalError] = useState<string | null>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  const firstRef = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  const error = localError ?? amountError;
  const credit = action === 'credit';
  const pesewas = parseAmount(amount);

  useEffect(() => {
    firstRef.current?.focus();
  }, []);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (!credit) {
      onConfirm({ action: 'refund', note: note.trim() || undefined });
      return;
    }
    if (pesewas === null || pesewas <= 0) {
      setLocalError('Enter the amount received in GHS, for example 50.00.');
      firstRef.current?.focus();
      return;
    }
    onConfirm({ action: 'credit', amount: toDecimalString(pesewas), note: note.trim() || undefined });
  }

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onCancel();
      return;
    }
    if (event.key !== 'Tab' || !boxRef.current) return;
    const focusable = boxRef.current.querySelectorAll<HTMLElement>('input, textarea, button:not([disabled])');
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  const title = credit ? `Credit payment ${payment.reference}` : `Mark payment ${payment.reference} refunded`;
  const confirmLabel = credit
    ? busy
      ? 'Crediting...'
      : `Credit ${pesewas !== null && pesewas > 0 ? formatGhs(pesewas) : 'amount'}`
    : busy
      ? 'Saving...'
      : 'Mark refunded';

  return (
    <div className="modal-backdrop">
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- the dialog keeps focus inside (Tab) and closes on Escape */}
      <div
        ref={boxRef}
        className="modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-desc`}
        onKeyDown={onKeyDown}
      >
        <h2 id={`${id}-title`}>{title}</h2>
        <p id={`${id}-desc`}>
          Asked {formatGhs(payment.amount)}; the provider reported {receivedLabel(payment)}.{' '}
          {credit
            ? 'The amount you credit is shared over the causes in proportion to what was pledged, and the public record shows it.'
            : 'Nothing is credited; the causes\u2019 public record shows the refund. Refund the donor at the provider first.'}
        </p>
        <form onSubmit={onSubmit} noValidate className="resolve-form">
          {credit ? (
            <div className={`field${error ? ' field--invalid' : ''}`}>
              <label htmlFor={`${id}-amount`}>Amount received (GH₵)</label>
              <input
                ref={firstRef}
                id={`${id}-amount`}
                type="text"
                inputMode="decimal"
                autoComplete="off"
                required
                value={amount}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-error` : undefined}
                onChange={(e) => {
                  setAmount(e.target.value);
                  setLocalError(null);
                }}
              />
              {error ? (
                <p id={`${id}-error`} className="field__error" role="alert">
                  {error}
                </p>
              ) : null}
            </div>
          ) : null}
          <div className="field">
            <label htmlFor={`${id}-note`}>Note for the record (optional)</label>
            <textarea
              ref={credit ? undefined : firstRef}
              id={`${id}-note`}
              className="text-area"
              rows={3}
              maxLength={500}
              value={note}
              onChange={(e) => setNote(e.target.value)}
            />
          </div>
          <div className="button-row modal__actions">
            <button type="submit" className={`button ${credit ? 'button--primary' : 'button--danger'}`} disabled={busy}>
              {confirmLabel}
            </button>
            <button type="button" className="button button--secondary" onClick={onCancel}>
              Cancel
            </button>
          </div>
        </form>
      </div>
    </div>
  );
}
