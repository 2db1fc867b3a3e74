import { proxy } from 'valtio';
import type { Role } from '../../shared/contract/common';
import { decodeJwt, userIdFromClaims } from '../lib/jwt';
import { STORAGE_KEYS } from '../lib/storage-keys';

/**
 * Who is signed in. Tokens persist in localStorage so a reload (or an offline start) keeps the
 * user signed in; the offline feature mirrors them into IndexedDB for the service worker.
 * role/name/email are derived from the access token, so they are never stale against it.
 */
export interface SessionState {
  access: string | null;
  refresh: string | null;
  user_id: string | null;
  role: Role | null;
  name: string | null;
  email: string | null;
}

function fromTokens(access: string | null, refresh: string | null): SessionState {
  const claims = decodeJwt(access);
  return {
    access,
    refresh,
    user_id: userIdFromClaims(claims as Record<string, unknown> | null),
    role: claims?.role === 'admin' || claims?.role === 'user' ? claims.role : null,
    name: typeof claims?.name === 'string' ? claims.name : null,
    email: typeof claims?.email === 'string' ? claims.email : null,
  };
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // private modes can throw on access
  }
}

function load(): SessionState {
  const store = storage();
  return fromTokens(store?.getItem(STORAGE_KEYS.access) ?? null, store?.getItem(STORAGE_KEYS.refresh) ?? null);
}

export const session = proxy<SessionState>(load());

export function isSignedIn(): boolean {
  return Boolean(session.access);
}

/** Stores a new token pair (sign-in or refresh). A missing refresh keeps the old one. */
export function setTokens(access: string, refresh?: string | null): void {
  Object.assign(session, fromTokens(access, refresh ?? session.refresh));
  const store = storage();
  store?.setItem(STORAGE_KEYS.access, access);
  if (session.refresh) store?.setItem(STORAGE_KEYS.refresh, session.refresh);
  if (session.user_id) store?.setItem(STORAGE_KEYS.userId, session.user_id);
  else store?.removeItem(STORAGE_KEYS.userId);
}

/** Forgets the user (logout or an expired refresh token), including the guest cart id. */
export function clearSession(): void {
  Object.assign(session, fromTokens(null, null));
  const store = storage();
  for (const key of [STORAGE_KEYS.access, STORAGE_KEYS.refresh, STORAGE_KEYS.userId, STORAGE_KEYS.cartId]) {
    store?.removeItem(key);
  }
}

/** Re-reads localStorage: another tab signed in or out. */
export function reloadSession(): void {
  Object.assign(session, load());
}

/**
 * localStorage is who this browser is signed in as; a tab can miss the 'storage' event that says
 * so (it was starting while another tab signed in, or it was frozen in the background). Called
 * before anything that acts as someone (a cart edit, a sync), it catches the tab up. Cheap: two reads.
 */
export function syncSessionFromStorage(): void {
  const store = storage();
  if (!store) return;
  if (
    (store.getItem(STORAGE_KEYS.access) ?? null) !== session.access ||
    (store.getItem(STORAGE_KEYS.refresh) ?? null) !== session.refresh
  ) {
    reloadSession();
  }
}
