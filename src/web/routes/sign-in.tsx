import { Link, createFileRoute, useNavigate } from '@tanstack/react-router';
import { AuthLayout } from '../features/auth/components/auth-layout';
import { SignInForm, type SignedIn } from '../features/auth/components/sign-in-form';
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

  function onSignedIn(tokens: SignedIn) {
    toast.success('Signed in successfully');
    // Spec §4: no access token in the answer means we are not signed in, so go home instead.
    if (!tokens.access) return void navigate({ to: '/' });
    setTokens(tokens.access, tokens.refresh);
    // An admin account must turn on two-step sign-in before anything else.
    if (tokens.two_step_setup_required) return void navigate({ to: '/two-step', search: redirect ? { redirect } : {} });
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
