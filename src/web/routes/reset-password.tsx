import { Link, createFileRoute, useNavigate } from '@tanstack/react-router';
import { AuthLayout } from '../features/auth/components/auth-layout';
import { ResetPasswordForm } from '../features/auth/components/reset-password-form';
import { tokenSearch } from '../lib/token-search';
import { useDocumentTitle } from '../lib/use-document-title';

export const Route = createFileRoute('/reset-password')({
  validateSearch: tokenSearch,
  component: ResetPasswordPage,
});

function ResetPasswordPage() {
  useDocumentTitle('Choose a new password');
  const { token } = Route.useSearch();
  const navigate = useNavigate();
  return (
    <AuthLayout title="Choose a new password">
      {token ? (
        <ResetPasswordForm token={token} onDone={() => void navigate({ to: '/sign-in' })} />
      ) : (
        <p className="form-error" role="alert">
          This page needs the link from the reset email. Ask for a new one below.
        </p>
      )}
      <p className="auth-alt">
        Link expired or used? <Link to="/forgot-password">Ask for a new one</Link>
      </p>
    </AuthLayout>
  );
}
