import { useState } from 'react';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { AuthLayout } from '../features/auth/components/auth-layout';
import { SignInForm, type SignedIn } from '../features/auth/components/sign-in-form';
import { decodeJwt } from '../lib/jwt';
import { revokeRefreshToken } from '../lib/logout';
import { useT } from '../lib/i18n';
import { useDocumentTitle } from '../lib/use-document-title';
import { setTokens } from '../stores/session-store';
import { toast } from '../stores/toast-store';

export const Route = createFileRoute('/organizersignuppage')({ component: AdminSignInPage });

/** Administrator sign-in: the same credentials call, but only admin accounts are let through. */
function AdminSignInPage() {
  const t = useT();
  useDocumentTitle(t('account.admin.title'));
  const navigate = useNavigate();
  const [notice, setNotice] = useState<string | null>(null);

  function onSignedIn(tokens: SignedIn) {
    if (!tokens.access || decodeJwt(tokens.access)?.role !== 'admin') {
      // Do not leave a regular user signed in through the admin door; revoke what the server issued.
      revokeRefreshToken(tokens.refresh ?? null, tokens.access ?? null);
      setNotice(t('account.admin.notAdmin'));
      return;
    }
    setNotice(null);
    setTokens(tokens.access, tokens.refresh);
    toast.success(t('account.signIn.success'));
    // Until two-step sign-in is on, an admin account can only set it up.
    if (tokens.two_step_setup_required) return void navigate({ to: '/two-step', search: { redirect: '/admindashboard' } });
    void navigate({ to: '/admindashboard' });
  }

  return (
    <AuthLayout title={t('account.admin.title')}>
      <SignInForm idPrefix="admin-signin" onSignedIn={onSignedIn} notice={notice} />
    </AuthLayout>
  );
}
