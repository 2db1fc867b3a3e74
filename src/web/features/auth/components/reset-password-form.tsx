import { useState } from 'react';
import { PasswordField } from '../../../components/form/password-field';
import { toast } from '../../../stores/toast-store';
import { confirmPasswordReset } from '../api/auth-api';
import { useAuthSubmit } from '../api/use-auth-submit';
import { useT } from '../../../lib/i18n';
import { FormError, SubmitButton } from './auth-form-parts';

/** A new password for the account a reset link belongs to; the link's problems show above the form. */
export function ResetPasswordForm({ token, onDone }: { token: string; onDone: () => void }) {
  const [password, setPassword] = useState('');
  const [password2, setPassword2] = useState('');
  const t = useT();
  const { submitting, errors, onSubmit } = useAuthSubmit(
    async () => {
      await confirmPasswordReset({ token, password, password2 });
      toast.success(t('account.reset.done'));
      onDone();
    },
    t('account.reset.failed'),
    // A bad link is about the whole form, not a field the person can fix.
    { adjust: (found) => (found.fields.token ? { form: found.fields.token, fields: found.fields } : found) },
  );

  return (
    <form className="auth-form" onSubmit={onSubmit}>
      <FormError message={errors.form} />
      <PasswordField
        id="reset-password"
        name="password"
        label={t('account.reset.newPassword')}
        autoComplete="new-password"
        required
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={errors.fields.password}
      />
      <PasswordField
        id="reset-password2"
        name="password2"
        label={t('account.reset.confirmNew')}
        toggleLabel={t('account.field.showConfirm')}
        autoComplete="new-password"
        required
        value={password2}
        onChange={(e) => setPassword2(e.target.value)}
        error={errors.fields.password2}
      />
      <SubmitButton busy={submitting} busyLabel={t('account.reset.busy')} label={t('account.reset.submit')} disabled={!token} />
    </form>
  );
}
