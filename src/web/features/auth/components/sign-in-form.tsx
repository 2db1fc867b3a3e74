import { useState } from 'react';
import type { TokenPair } from '../../../../shared/contract/auth';
import { TextField } from '../../../components/form/text-field';
import { toast } from '../../../stores/toast-store';
import { login } from '../api/auth-api';
import { useAuthSubmit } from '../api/use-auth-submit';
import { FormError, RememberMe, SubmitButton } from './auth-form-parts';

interface SignInFormProps {
  /** Prefixes element ids so two forms could share a page. */
  idPrefix: string;
  /** Receives the server's tokens; the caller decides whether to keep them (admin sign-in may not). */
  onSignedIn: (tokens: Partial<TokenPair>) => void;
  /** Shown above the fields when the caller has something to say (e.g. not an administrator). */
  notice?: string | null;
}

/** Email, password, remember me (spec §2/§4): 'Sign in' becomes 'Signing in...' while the call runs. */
export function SignInForm({ idPrefix, onSignedIn, notice }: SignInFormProps) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { submitting, errors, onSubmit } = useAuthSubmit(
    async () => onSignedIn((await login({ email, password })) ?? {}),
    'Sign-in failed. Check your email and password.',
    { onError: () => toast.error('Sign-in failed') },
  );

  const id = (name: string) => `${idPrefix}-${name}`;
  const message = errors.form ?? notice;
  return (
    <form className="auth-form" onSubmit={onSubmit} noValidate={false}>
      <FormError message={message} />
      <TextField
        id={id('email')}
        label="Email"
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
        label="Password"
        type="password"
        name="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={errors.fields.password}
      />
      <RememberMe />
      <SubmitButton busy={submitting} busyLabel="Signing in..." label="Sign in" />
    </form>
  );
}
