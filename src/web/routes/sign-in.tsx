import { Link, createFileRoute, useNavigate } from '@tanstack/react-router';
import type { TokenPair } from '../../shared/contract/auth';
import { AuthLayout } from '../features/auth/components/auth-layout';
import { SignInForm } from '../features/auth/components/sign-in-form';
import { validateRedirectSearch } from '../lib/redirect-path';
import { useDocumentTitle } from '../lib/use-document-title';
import { setTokens } from '../stores/session-store';
import { toast } from '../stores/toast-store';

export const Route = createFileRoute('/sign-in')({
  validateSearch: validateRedirectSearch,
  component: SignInPage,
});

function SignInPage() {
  useDocumentTitle('Sign in');
  const { redirect } = Route.useSearch();
  const navigate = useNavigate();

  function onSignedIn(tokens: Partial<TokenPair>) {
    toast.success('Signed in successfully');
    // Spec §4: no access token in the answer means we are not signed in, so go home instead.
    if (!tokens.access) return void navigate({ to: '/' });
    setTokens(tokens.access, tokens.refresh);
    if (redirect) return void navigate({ href: redirect });
    void navigate({ to: '/dashboard' });
  }

  return (
    <AuthLayout title="Sign in">
      <SignInForm idPrefix="signin" onSignedIn={onSignedIn} />
      <p className="auth-alt">
        <Link to="/forgot-password">Forgot password?</Link>
      </p>
      <p className="auth-alt">
        New to Boafo? <Link to="/signup">Create an account</Link>
      </p>
    </AuthLayout>
  );
}
