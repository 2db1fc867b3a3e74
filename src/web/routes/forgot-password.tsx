import { Link, createFileRoute } from '@tanstack/react-router';
import { AuthLayout } from '../features/auth/components/auth-layout';
import { ForgotPasswordForm } from '../features/auth/components/forgot-password-form';
import { useT } from '../lib/i18n';
import { useDocumentTitle } from '../lib/use-document-title';

export const Route = createFileRoute('/forgot-password')({ component: ForgotPasswordPage });

function ForgotPasswordPage() {
  const t = useT();
  useDocumentTitle(t('account.forgot.docTitle'));
  return (
    <AuthLayout title={t('account.forgot.title')}>
      <ForgotPasswordForm />
      <p className="auth-alt">
        {t('account.forgot.remembered')} <Link to="/sign-in">{t('account.signIn.title')}</Link>
      </p>
    </AuthLayout>
  );
}
