import { Link, createFileRoute } from '@tanstack/react-router';
import { AuthLayout } from '../features/auth/components/auth-layout';
import { ForgotPasswordForm } from '../features/auth/components/forgot-password-form';
import { useDocumentTitle } from '../lib/use-document-title';

export const Route = createFileRoute('/forgot-password')({ component: ForgotPasswordPage });

function ForgotPasswordPage() {
  useDocumentTitle('Forgot password');
  return (
    <AuthLayout title="Forgot your password?">
      <ForgotPasswordForm />
      <p className="auth-alt">
        Remembered it? <Link to="/sign-in">Sign in</Link>
      </p>
    </AuthLayout>
  );
}
