import { useState, type FormEvent } from 'react';
import { PasswordField } from '../../../components/form/password-field';
import { toast } from '../../../stores/toast-store';
import { confirmPasswordReset } from '../api/auth-api';
import { NO_ERRORS, toFormErrors, type FormErrors } from '../api/form-errors';

/** A new password for the account a reset link belongs to; the link's problems show above the form. */
export function ResetPasswordForm({ token, onDone }: { token: string; onDone: () => void }) {
  const [password, setPassword] = useState('');
  const [password2, setPassword2] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setSubmitting(true);
    setErrors(NO_ERRORS);
    try {
      await confirmPasswordReset({ token, password, password2 });
      toast.success('Password changed. Sign in with your new password.');
      onDone();
    } catch (error) {
      const found = toFormErrors(error, 'The password was not changed. Please try again.');
      // A bad link is about the whole form, not a field the person can fix.
      setErrors(found.fields.token ? { form: found.fields.token, fields: found.fields } : found);
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <form className="auth-form" onSubmit={onSubmit}>
      {errors.form ? (
        <p className="form-error" role="alert">
          {errors.form}
        </p>
      ) : null}
      <PasswordField
        id="reset-password"
        name="password"
        label="New password"
        autoComplete="new-password"
        required
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={errors.fields.password}
      />
      <PasswordField
        id="reset-password2"
        name="password2"
        label="Confirm new password"
        toggleLabel="Show password confirmation"
        autoComplete="new-password"
        required
        value={password2}
        onChange={(e) => setPassword2(e.target.value)}
        error={errors.fields.password2}
      />
      <button type="submit" className="button button--primary button--block" disabled={submitting || !token}>
        {submitting ? 'Changing...' : 'Change password'}
      </button>
    </form>
  );
}
