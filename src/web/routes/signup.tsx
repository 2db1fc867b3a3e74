import { Link, createFileRoute, useNavigate } from '@tanstack/react-router';
import { AuthLayout } from '../features/auth/components/auth-layout';
import { SignUpForm } from '../features/auth/components/sign-up-form';
import { useT } from '../lib/i18n';
import { useDocumentTitle } from '../lib/use-document-title';

export const Route = createFileRoute('/signup')({ component: SignUpPage });

function SignUpPage() {
  const t = useT();
  useDocumentTitle(t('account.signUp.docTitle'));
  const navigate = useNavigate();
  return (
    <AuthLayout title={t('account.signUp.title')}>
      <SignUpForm onSignedUp={() => void navigate({ to: '/sign-in' })} />
      <p className="auth-alt">
        {t('account.signUp.haveAccount')} <Link to="/sign-in">{t('account.signIn.title')}</Link>
      </p>
    </AuthLayout>
  );
}
