import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';

interface ReasonDialogProps {
  /** What is being rejected, for the title ("Reject “Clean water for Tamale”" or "Reject 3 causes"). */
  subject: string;
  busy: boolean;
  onConfirm: (reason: string) => void;
  onCancel: () => void;
}

/**
 * Asks why a cause is rejected. A modal dialog: focus moves in, Tab stays inside, Escape cancels,
 * and the caller puts focus back on the button that opened it. The reason is required.
 */
export function ReasonDialog({ subject, busy, onConfirm, onCancel }: ReasonDialogProps) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  const fieldRef = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    fieldRef.current?.focus();
  }, []);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const text = reason.trim();
    if (!text) {
      setError('Please give a reason.');
      fieldRef.current?.focus();
      return;
    }
    onConfirm(text);
  }

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onCancel();
      return;
    }
    if (event.key !== 'Tab' || !boxRef.current) return;
    const focusable = boxRef.current.querySelectorAll<HTMLElement>('textarea, button:not([disabled])');
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
        <h2 id={`${id}-title`}>{subject}</h2>
        <p id={`${id}-desc`}>The organizer sees this reason.</p>
        <form onSubmit={onSubmit} noValidate>
          <div className={`field${error ? ' field--invalid' : ''}`}>
            <label htmlFor={`${id}-reason`}>Reason for rejecting</label>
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
              {busy ? 'Rejecting...' : 'Reject'}
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
