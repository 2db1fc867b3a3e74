import { useState } from 'react';
import { TextField } from '../../../components/form/text-field';
import { requestPasswordReset } from '../api/auth-api';
import { useAuthSubmit } from '../api/use-auth-submit';
import { FormError, SubmitButton } from './auth-form-parts';

/** Asks for a reset link; once asked, says what happens next in a status the screen reader reads. */
export function ForgotPasswordForm() {
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState<string | null>(null);
  const { submitting, errors, onSubmit } = useAuthSubmit(async () => {
    const answer = await requestPasswordReset(email);
    setSent(answer?.detail ?? 'If an account uses this email, we have sent it a link to choose a new password.');
  }, 'We could not send the link. Check your connection and try again.');

  return (
    <form className="auth-form" onSubmit={onSubmit}>
      <p>Enter the email you signed up with. We will send you a link to choose a new password; it works once, for an hour.</p>
      <FormError message={errors.form} />
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
      <SubmitButton busy={submitting} busyLabel="Sending..." label={sent ? 'Send again' : 'Send reset link'} />
    </form>
  );
}
