import { useState, type FormEvent } from 'react';
import { TextField } from '../../../components/form/text-field';
import { requestPasswordReset } from '../api/auth-api';
import { NO_ERRORS, toFormErrors, type FormErrors } from '../api/form-errors';

/** Asks for a reset link; once asked, says what happens next in a status the screen reader reads. */
export function ForgotPasswordForm() {
  const [email, setEmail] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setSubmitting(true);
    setErrors(NO_ERRORS);
    try {
      const answer = await requestPasswordReset(email);
      setSent(answer?.detail ?? 'If an account uses this email, we have sent it a link to choose a new password.');
    } catch (error) {
      setErrors(toFormErrors(error, 'We could not send the link. Check your connection and try again.'));
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <form className="auth-form" onSubmit={onSubmit}>
      <p>Enter the email you signed up with. We will send you a link to choose a new password; it works once, for an hour.</p>
      {errors.form ? (
        <p className="form-error" role="alert">
          {errors.form}
        </p>
      ) : null}
      <p className="form-success" role="status">
        {sent}
      </p>
      <TextField
        id="forgot-email"
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        required
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={errors.fields.email}
      />
      <button type="submit" className="button button--primary button--block" disabled={submitting}>
        {submitting ? 'Sending...' : sent ? 'Send again' : 'Send reset link'}
      </button>
    </form>
  );
}
