import { Link, createFileRoute, useNavigate } from '@tanstack/react-router';
import { AuthLayout } from '../features/auth/components/auth-layout';
import { ResetPasswordForm } from '../features/auth/components/reset-password-form';
import { tokenSearch } from '../lib/token-search';
import { useT } from '../lib/i18n';
import { useDocumentTitle } from '../lib/use-document-title';

export const Route = createFileRoute('/reset-password')({
  validateSearch: tokenSearch,
  component: ResetPasswordPage,
});

function ResetPasswordPage() {
  const t = useT();
  useDocumentTitle(t('account.reset.title'));
  const { token } = Route.useSearch();
  const navigate = useNavigate();
  return (
    <AuthLayout title={t('account.reset.title')}>
      {token ? (
        <ResetPasswordForm token={token} onDone={() => void navigate({ to: '/sign-in' })} />
      ) : (
        <p className="form-error" role="alert">
          {t('account.reset.noToken')}
        </p>
      )}
      <p className="auth-alt">
        {t('account.reset.expired')} <Link to="/forgot-password">{t('account.reset.askNew')}</Link>
      </p>
    </AuthLayout>
  );
}
