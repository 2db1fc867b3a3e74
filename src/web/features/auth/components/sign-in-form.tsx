import { useState } from 'react';
import type { TokenPair } from '../../../../shared/contract/auth';
import { TextField } from '../../../components/form/text-field';
import { deviceTokenFor } from '../../../lib/device-tokens';
import { toast } from '../../../stores/toast-store';
import { login } from '../api/auth-api';
import { useAuthSubmit } from '../api/use-auth-submit';
import { useT } from '../../../lib/i18n';
import { FormError, RememberMe, SubmitButton } from './auth-form-parts';
import { SecondStepForm } from './second-step-form';

/** What a sign-in gives the page: the tokens, and for an admin without two-step sign-in, that it must be set up. */
export type SignedIn = Partial<TokenPair> & { two_step_setup_required?: boolean };

interface SignInFormProps {
  /** Prefixes element ids so two forms could share a page. */
  idPrefix: string;
  /** Receives the server's tokens; the caller decides whether to keep them (admin sign-in may not). */
  onSignedIn: (tokens: SignedIn) => void;
  /** Shown above the fields when the caller has something to say (e.g. not an administrator). */
  notice?: string | null;
}

/** Email, password, remember me (spec §2/§4): 'Sign in' becomes 'Signing in...' while the call runs. */
export function SignInForm({ idPrefix, onSignedIn, notice }: SignInFormProps) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  // Two-step sign-in on: the password was right, the second step follows with this challenge.
  const [challenge, setChallenge] = useState<string | null>(null);
  const t = useT();
  const { submitting, errors, onSubmit } = useAuthSubmit(
    async () => {
      const deviceToken = deviceTokenFor(email);
      const answer = (await login({ email, password, ...(deviceToken ? { device_token: deviceToken } : {}) })) ?? {};
      if ('two_step_required' in answer && answer.challenge) return void setChallenge(answer.challenge);
      onSignedIn(answer as SignedIn);
    },
    t('account.signIn.failed'),
    { onError: () => toast.error(t('account.signIn.failedToast')) },
  );

  const id = (name: string) => `${idPrefix}-${name}`;
  const message = errors.form ?? notice;
  if (challenge) {
    return (
      <SecondStepForm
        idPrefix={idPrefix}
        email={email}
        challenge={challenge}
        onSignedIn={onSignedIn}
        onRestart={() => {
          setChallenge(null);
          setPassword('');
        }}
      />
    );
  }
  return (
    <form className="auth-form" onSubmit={onSubmit} noValidate={false}>
      <FormError message={message} />
      <TextField
        id={id('email')}
        label={t('account.field.email')}
        type="email"
        name="email"
        autoComplete="email"
        required
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={errors.fields.email}
      />
      <TextField
        id={id('password')}
        label={t('account.field.password')}
        type="password"
        name="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={errors.fields.password}
      />
      <RememberMe />
      <SubmitButton busy={submitting} busyLabel={t('account.signIn.busy')} label={t('account.signIn.submit')} />
    </form>
  );
}
