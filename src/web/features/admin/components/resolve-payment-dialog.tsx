import { useId, useRef, useState, type FormEvent } from 'react';
import type { AdminPayment, PaymentResolutionRequest } from '../../../../shared/contract/admin';
import { formatGhs, parseAmount, toDecimalString } from '../../../../shared/money';
import { ModalDialog } from '../../../components/modal-dialog';
import { t as translate, useT } from '../../../lib/i18n';

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
  if (payment.received_amount === null) return translate('admin.payments.noAmount');
  return payment.received_currency === 'GHS' || payment.received_currency === null
    ? formatGhs(payment.received_amount)
    : `${payment.received_currency} ${payment.received_amount}`;
}

/**
 * Credit the amount received, or record that the donor was refunded, for one flagged payment.
 * A modal dialog (ModalDialog). Crediting asks for the GHS amount (prefilled with what the
 * provider reported in GHS); the note is kept with the decision.
 */
export function ResolvePaymentDialog({ payment, action, busy, amountError, onConfirm, onCancel }: ResolvePaymentDialogProps) {
  const id = useId();
  const t = useT();
  const reportedGhs = payment.received_currency === 'GHS' ? (payment.received_amount ?? '') : '';
  const [amount, setAmount] = useState(reportedGhs);
  const [note, setNote] = useState('');
  const [localError, setLocalError] = useState<string | null>(null);
  const firstRef = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  const error = localError ?? amountError;
  const credit = action === 'credit';
  const pesewas = parseAmount(amount);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (!credit) {
      onConfirm({ action: 'refund', note: note.trim() || undefined });
      return;
    }
    if (pesewas === null || pesewas <= 0) {
      setLocalError(t('admin.resolve.badAmount'));
      firstRef.current?.focus();
      return;
    }
    onConfirm({ action: 'credit', amount: toDecimalString(pesewas), note: note.trim() || undefined });
  }

  const title = credit
    ? t('admin.payments.creditTitle', { reference: payment.reference })
    : t('admin.payments.markRefundedTitle', { reference: payment.reference });
  const confirmLabel = credit
    ? busy
      ? t('admin.resolve.crediting')
      : pesewas !== null && pesewas > 0
        ? t('admin.resolve.creditAmount', { amount: formatGhs(pesewas) })
        : t('admin.resolve.creditNoAmount')
    : busy
      ? t('admin.resolve.saving')
      : t('admin.payments.markRefunded');

  return (
    <ModalDialog
      title={title}
      onCancel={onCancel}
      description={
        <>
          {t('admin.resolve.reported', { asked: formatGhs(payment.amount), received: receivedLabel(payment) })}{' '}
          {credit ? t('admin.resolve.creditExplain') : t('admin.resolve.refundExplain')}
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate className="resolve-form">
        {credit ? (
          <div className={`field${error ? ' field--invalid' : ''}`}>
            <label htmlFor={`${id}-amount`}>{t('admin.resolve.amount')}</label>
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
          <label htmlFor={`${id}-note`}>{t('admin.resolve.note')}</label>
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
            {t('admin.resolve.cancel')}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
