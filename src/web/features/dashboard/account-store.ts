import { proxy } from 'valtio';
import { session } from '../../stores/session-store';
import { t } from '../../lib/i18n';
import { getProfile, type ProfileWithCounts } from './api/dashboard-api';

/**
 * The signed-in user's profile as the account screens' profile card shows it.
 * Loaded once per user and kept while the tab lives; failures are silent (spec §8: dashboard loads).
 */
export const accountState = proxy<{
  userId: string | null;
  profile: ProfileWithCounts | null;
  /** Causes the user organizes (from the profile or the dashboard summary), null until known. */
  causesCreated: number | null;
}>({ userId: null, profile: null, causesCreated: null });

let loading: Promise<void> | null = null;

export function loadAccount(force = false): Promise<void> {
  if (!session.access) return Promise.resolve();
  if (accountState.userId !== session.user_id) {
    Object.assign(accountState, { userId: session.user_id, profile: null, causesCreated: null });
  } else if (accountState.profile && !force) {
    return Promise.resolve();
  }
  loading ??= getProfile()
    .then((profile) => {
      accountState.profile = profile;
      if (typeof profile.causes_created === 'number') accountState.causesCreated = profile.causes_created;
    })
    .catch(() => {})
    .finally(() => {
      loading = null;
    });
  return loading;
}

export function setCausesCreated(count: number): void {
  accountState.causesCreated = count;
}

/** The profile card's name: the profile's real name, else the token's name claim, else the email. */
export function displayName(profile: ProfileWithCounts | null, fallback: string | null, email: string | null): string {
  const fromParts = [profile?.first_name, profile?.last_name].filter(Boolean).join(' ').trim();
  return fromParts || profile?.name || fallback || email || t('dashboard.profileCard.yourAccount');
}

/** Spec §6 asks for real roles: 'Admin' only for admins, 'Organizer' once they have causes, else 'Donor'. */
export function roleLabel(role: string | null, causesCreated: number | null): 'Admin' | 'Organizer' | 'Donor' {
  if (role === 'admin') return 'Admin';
  return causesCreated && causesCreated > 0 ? 'Organizer' : 'Donor';
}
