import { api } from './api-client';
import { clearSession, session } from '../stores/session-store';
import { toast } from '../stores/toast-store';
import { t } from './i18n';

/** Revokes a refresh token on the server; best effort, since the local sign-out must work offline too. */
export function revokeRefreshToken(refresh: string | null, access: string | null): void {
  if (!refresh) return;
  // auth:false: a 401 here must not start a refresh or a redirect to sign-in.
  const headers: Record<string, string> = access ? { Authorization: `Bearer ${access}` } : {};
  void api.post('/api/user/auth/logout/', { refresh }, { auth: false, headers }).catch(() => {});
}

/** Spec §4: removes access token, refresh token, user id and cart id, then toasts 'Logged out'. */
export function logout(): void {
  revokeRefreshToken(session.refresh, session.access);
  clearSession();
  toast.success(t('shell.loggedOut'));
}
