import { Link, createFileRoute, useNavigate } from '@tanstack/react-router';
import { AuthLayout } from '../features/auth/components/auth-layout';
import { SignUpForm } from '../features/auth/components/sign-up-form';
import { useDocumentTitle } from '../lib/use-document-title';

export const Route = createFileRoute('/signup')({ component: SignUpPage });

function SignUpPage() {
  useDocumentTitle('Sign up');
  const navigate = useNavigate();
  return (
    <AuthLayout title="Create your account">
      <SignUpForm onSignedUp={() => void navigate({ to: '/sign-in' })} />
      <p className="auth-alt">
        Already have an account? <Link to="/sign-in">Sign in</Link>
      </p>
    </AuthLayout>
  );
}
