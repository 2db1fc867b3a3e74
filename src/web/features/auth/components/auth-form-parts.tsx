import { useState } from 'react';
import { useT } from '../../../lib/i18n';

/** The sentence above an auth form (the server's or a connection problem), read out when it appears. */
export function FormError({ message }: { message: string | null | undefined }) {
  return message ? (
    <p className="form-error" role="alert">
      {message}
    </p>
  ) : null;
}

/** The form's one button: its label changes while the call runs ('Sign in' → 'Signing in...'). */
export function SubmitButton({
  busy,
  label,
  busyLabel,
  disabled,
}: {
  busy: boolean;
  label: string;
  busyLabel: string;
  disabled?: boolean;
}) {
  return (
    <button type="submit" className="button button--primary button--block" disabled={busy || disabled}>
      {busy ? busyLabel : label}
    </button>
  );
}

/** Spec: remember me has no effect; sessions always persist so the app works offline. */
export function RememberMe() {
  const [remember, setRemember] = useState(false);
  const t = useT();
  return (
    <label className="checkbox">
      <input type="checkbox" checked={remember} onChange={(e) => setRemember(e.target.checked)} />
      {t('account.rememberMe')}
    </label>
  );
}
