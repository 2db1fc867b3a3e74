import { useId, useRef, useState, type FormEvent } from 'react';
import { ModalDialog } from './modal-dialog';
import { useT } from '../lib/i18n';

interface ReasonDialogProps {
  /** What is being rejected, for the title ("Reject “Clean water for Tamale”" or "Reject 3 causes"). */
  subject: string;
  busy: boolean;
  onConfirm: (reason: string) => void;
  onCancel: () => void;
}

/**
 * Asks why something is rejected (a cause, a withdrawal), in a modal dialog. The reason is required.
 */
export function ReasonDialog({ subject, busy, onConfirm, onCancel }: ReasonDialogProps) {
  const id = useId();
  const t = useT();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const fieldRef = useRef<HTMLTextAreaElement>(null);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const text = reason.trim();
    if (!text) {
      setError(t('admin.reasonDialog.required'));
      fieldRef.current?.focus();
      return;
    }
    onConfirm(text);
  }

  return (
    <ModalDialog title={subject} description={t('admin.reasonDialog.description')} onCancel={onCancel}>
      <form onSubmit={onSubmit} noValidate>
        <div className={`field${error ? ' field--invalid' : ''}`}>
          <label htmlFor={`${id}-reason`}>{t('admin.reasonDialog.label')}</label>
          <textarea
            ref={fieldRef}
            id={`${id}-reason`}
            className="text-area"
            rows={4}
            required
            maxLength={1000}
            value={reason}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(e) => {
              setReason(e.target.value);
              if (error && e.target.value.trim()) setError(null);
            }}
          />
          {error ? (
            <p id={`${id}-error`} className="field__error" role="alert">
              {error}
            </p>
          ) : null}
        </div>
        <div className="button-row modal__actions">
          <button type="submit" className="button button--danger" disabled={busy}>
            {busy ? t('admin.reasonDialog.rejecting') : t('admin.reasonDialog.reject')}
          </button>
          <button type="button" className="button button--secondary" onClick={onCancel}>
            {t('admin.reasonDialog.cancel')}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
