import { useState, type InputHTMLAttributes } from 'react';
import { TextField } from './text-field';
import { useT } from '../../lib/i18n';

interface PasswordFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  id: string;
  label: string;
  error?: string;
  /** Name of the show/hide button; defaults to "Show {label}". */
  toggleLabel?: string;
}

/** A password input with a show/hide toggle; the toggle keeps one name and reports its state with aria-pressed. */
export function PasswordField({ label, toggleLabel, ...props }: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  const t = useT();
  return (
    <TextField
      {...props}
      label={label}
      type={visible ? 'text' : 'password'}
      trailing={
        <button
          type="button"
          className="field__toggle"
          aria-label={toggleLabel ?? t('shell.password.show', { label: label.toLowerCase() })}
          aria-pressed={visible}
          onClick={() => setVisible(!visible)}
        >
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
            <path
              d="M1.5 12S5.5 4.5 12 4.5 22.5 12 22.5 12 18.5 19.5 12 19.5 1.5 12 1.5 12z"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            />
            <circle cx="12" cy="12" r="3.2" fill="none" stroke="currentColor" strokeWidth="2" />
            {visible ? null : <path d="M3 3l18 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />}
          </svg>
        </button>
      }
    />
  );
}
