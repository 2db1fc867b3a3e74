import { useState, type FormEvent } from 'react';
import type { TokenPair } from '../../../../shared/contract/auth';
import { TextField } from '../../../components/form/text-field';
import { toast } from '../../../stores/toast-store';
import { login } from '../api/auth-api';
import { NO_ERRORS, toFormErrors, type FormErrors } from '../api/form-errors';

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
  const [remember, setRemember] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setSubmitting(true);
    setErrors(NO_ERRORS);
    try {
      const tokens = await login({ email, password });
      onSignedIn(tokens ?? {});
    } catch (error) {
      setErrors(toFormErrors(error, 'Sign-in failed. Check your email and password.'));
      toast.error('Sign-in failed');
    } finally {
      setSubmitting(false);
    }
  }

  const id = (name: string) => `${idPrefix}-${name}`;
  const message = errors.form ?? notice;
  return (
    <form className="auth-form" onSubmit={onSubmit} noValidate={false}>
      {message ? (
        <p className="form-error" role="alert">
          {message}
        </p>
      ) : null}
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
      {/* Spec: remember me has no effect; sessions always persist so the app works offline. */}
      <label className="checkbox">
        <input type="checkbox" checked={remember} onChange={(e) => setRemember(e.target.checked)} />
        Remember me
      </label>
      <button type="submit" className="button button--primary button--block" disabled={submitting}>
        {submitting ? 'Signing in...' : 'Sign in'}
      </button>
    </form>
  );
}
