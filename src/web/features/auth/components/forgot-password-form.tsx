import { useState } from 'react';
import { TextField } from '../../../components/form/text-field';
import { requestPasswordReset } from '../api/auth-api';
import { useAuthSubmit } from '../api/use-auth-submit';
import { useT } from '../../../lib/i18n';
import { FormError, SubmitButton } from './auth-form-parts';

/** Asks for a reset link; once asked, says what happens next in a status the screen reader reads. */
export function ForgotPasswordForm() {
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState<string | null>(null);
  const t = useT();
  const { submitting, errors, onSubmit } = useAuthSubmit(async () => {
    const answer = await requestPasswordReset(email);
    setSent(answer?.detail ?? t('account.forgot.sent'));
  }, t('account.forgot.failed'));

  return (
    <form className="auth-form" onSubmit={onSubmit}>
      <p>{t('account.forgot.intro')}</p>
      <FormError message={errors.form} />
      <p className="form-success" role="status">
        {sent}
      </p>
      <TextField
        id="forgot-email"
        label={t('account.field.email')}
        type="email"
        name="email"
        autoComplete="email"
        required
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={errors.fields.email}
      />
      <SubmitButton
        busy={submitting}
        busyLabel={t('account.forgot.busy')}
        label={sent ? t('account.forgot.again') : t('account.forgot.submit')}
      />
    </form>
  );
}
