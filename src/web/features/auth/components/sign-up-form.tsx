import { useState } from 'react';
import type { SignupRequest } from '../../../../shared/contract/auth';
import { PasswordField } from '../../../components/form/password-field';
import { TextField } from '../../../components/form/text-field';
import { toast } from '../../../stores/toast-store';
import { fetchPublicConfig, signup, type PublicConfig } from '../api/auth-api';
import { useLoad } from '../../../lib/use-load';
import { useAuthSubmit } from '../api/use-auth-submit';
import { useT } from '../../../lib/i18n';
import { FormError, RememberMe, SubmitButton } from './auth-form-parts';

const EMPTY: SignupRequest = { first_name: '', last_name: '', email: '', password: '', password2: '' };

/** Spec §2/§4/§5: required fields are browser-enforced; every other rule comes back from the server inline. */
export function SignUpForm({ onSignedUp }: { onSignedUp: () => void }) {
  const [values, setValues] = useState<SignupRequest>(EMPTY);
  const t = useT();
  // Provider links appear only when the server is configured for them; offline, there are none to show.
  const { data: providers = {} } = useLoad(() => fetchPublicConfig().then((config): Partial<PublicConfig> => config ?? {}), []);
  const { submitting, errors, onSubmit } = useAuthSubmit(
    async () => {
      await signup(values);
      toast.success(t('account.signUp.created'));
      onSignedUp();
    },
    // Values stay as typed, so the user fixes only what the server pointed at.
    t('account.signUp.failed'),
    { onError: () => toast.error(t('account.signUp.failedToast')) },
  );

  const field = (name: keyof SignupRequest) => ({
    id: `signup-${name}`,
    name,
    value: values[name],
    required: true,
    error: errors.fields[name],
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value })),
  });

  return (
    <form className="auth-form" onSubmit={onSubmit}>
      <FormError message={errors.form} />
      <div className="field-row">
        <TextField label={t('account.field.firstName')} autoComplete="given-name" {...field('first_name')} />
        <TextField label={t('account.field.lastName')} autoComplete="family-name" {...field('last_name')} />
      </div>
      <TextField label={t('account.field.email')} type="email" autoComplete="email" {...field('email')} />
      <PasswordField label={t('account.field.password')} autoComplete="new-password" {...field('password')} />
      {/* Not "Show confirm password": a lookup by the label "Confirm password" should find only the input. */}
      <PasswordField
        label={t('account.field.confirmPassword')}
        toggleLabel={t('account.field.showConfirm')}
        autoComplete="new-password"
        {...field('password2')}
      />
      <RememberMe />
      <SubmitButton busy={submitting} busyLabel={t('account.signUp.busy')} label={t('account.signUp.submit')} />
      {providers.google_auth_url || providers.facebook_auth_url ? (
        <div className="auth-providers">
          <p>{t('account.signUp.orWith')}</p>
          {providers.google_auth_url ? (
            <a className="button button--secondary" href={providers.google_auth_url}>
              Google
            </a>
          ) : null}
          {providers.facebook_auth_url ? (
            <a className="button button--secondary" href={providers.facebook_auth_url}>
              Facebook
            </a>
          ) : null}
        </div>
      ) : null}
    </form>
  );
}
