import { Link, createFileRoute, useNavigate } from '@tanstack/react-router';
import { AuthLayout } from '../features/auth/components/auth-layout';
import { SignInForm, type SignedIn } from '../features/auth/components/sign-in-form';
import { validateRedirectSearch } from '../lib/redirect-path';
import { useT } from '../lib/i18n';
import { useDocumentTitle } from '../lib/use-document-title';
import { setTokens } from '../stores/session-store';
import { toast } from '../stores/toast-store';

export const Route = createFileRoute('/sign-in')({
  validateSearch: validateRedirectSearch,
  component: SignInPage,
});

function SignInPage() {
  const t = useT();
  useDocumentTitle(t('account.signIn.title'));
  const { redirect } = Route.useSearch();
  const navigate = useNavigate();

  function onSignedIn(tokens: SignedIn) {
    toast.success(t('account.signIn.success'));
    // Spec §4: no access token in the answer means we are not signed in, so go home instead.
    if (!tokens.access) return void navigate({ to: '/' });
    setTokens(tokens.access, tokens.refresh);
    // An admin account must turn on two-step sign-in before anything else.
    if (tokens.two_step_setup_required) return void navigate({ to: '/two-step', search: redirect ? { redirect } : {} });
    if (redirect) return void navigate({ href: redirect });
    void navigate({ to: '/dashboard' });
  }

  return (
    <AuthLayout title={t('account.signIn.title')}>
      <SignInForm idPrefix="signin" onSignedIn={onSignedIn} />
      <p className="auth-alt">
        <Link to="/forgot-password">{t('account.signIn.forgot')}</Link>
      </p>
      <p className="auth-alt">
        {t('account.signIn.newHere')} <Link to="/signup">{t('account.signIn.create')}</Link>
      </p>
    </AuthLayout>
  );
}
