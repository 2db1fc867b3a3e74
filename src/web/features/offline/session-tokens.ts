import { decodeJwt, userIdFromClaims } from '../../lib/jwt';
import { apiUrl } from '../../lib/api-url';
import type { SessionRow } from './db';
import type { SyncRecords } from './sync-records';

/**
 * Each signed-in account's tokens in IndexedDB, for whoever sends that account's queued changes:
 * the page, another tab, or the service worker (no localStorage there). Pure: no DOM, no
 * localStorage, no Dexie (sync-records.ts), so the worker imports it too.
 *
 * Refresh tokens rotate and the server treats a spent one presented again as theft (the whole
 * login is revoked). So every refresh, in a page or in the worker, runs under the same Web Lock
 * as the API client's, re-reads the stored pair inside it, and writes the new pair before
 * letting go: nobody ever spends a refresh token someone else already spent.
 */

export const REFRESH_LOCK = 'boafo-token-refresh';
const REFRESH_PATH = '/api/user/token/refresh/';

export interface TokenPair {
  access: string;
  refresh: string | null;
}

function issuedAt(access: string): number {
  const iat = decodeJwt(access)?.iat;
  return typeof iat === 'number' ? iat : 0;
}

/** The user id an access token is for (null when it names none). */
export function ownerOf(access: string | null | undefined): string | null {
  return userIdFromClaims(decodeJwt(access) as Record<string, unknown> | null);
}

/** Saves an account's pair unless a newer one is stored already (a late write never goes back in time). */
export async function saveTokens(records: SyncRecords, pair: TokenPair, email?: string | null): Promise<void> {
  const userId = ownerOf(pair.access);
  if (!userId) return;
  const row: SessionRow = {
    key: userId,
    userId,
    access: pair.access,
    refresh: pair.refresh,
    email: email ?? null,
    issuedAt: issuedAt(pair.access),
    updatedAt: Date.now(),
  };
  await records.putSession(
    row,
    (stored) => !stored || (stored.issuedAt <= row.issuedAt && (stored.access !== row.access || stored.refresh !== row.refresh)),
  );
}

export async function readTokens(records: SyncRecords, userId: string): Promise<SessionRow | undefined> {
  return records.session(userId);
}

/** That account signed out (or its login ended): its queued changes wait until it signs in again. */
export async function forgetTokens(records: SyncRecords, userId: string): Promise<void> {
  await records.deleteSessions((row) => row.userId === userId);
}

/** Keeps only the account this browser is signed in as now (localStorage's), after logouts elsewhere. */
export async function keepOnlyTokensOf(records: SyncRecords, userId: string | null): Promise<void> {
  await records.deleteSessions((row) => row.userId !== userId);
}

function withLock<T>(run: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? (locks.request(REFRESH_LOCK, run) as Promise<T>) : run();
}

export interface RefreshDeps {
  records: SyncRecords;
  fetch?: typeof fetch;
  /** Told after this runner rotated an account's tokens (the worker tells open pages). */
  onRotated?: (userId: string) => void;
}

/**
 * A fresh access token for `userId` after `failed` was refused (401), from the stored pair:
 * adopts a newer one someone else stored meanwhile, else spends the stored refresh token.
 * null when there is nothing to refresh with or the network failed (the change waits); a
 * refusal from the server ends that login (its row is removed, its changes wait for a sign-in).
 */
export function createTokenRefresher(deps: RefreshDeps) {
  const doFetch = deps.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  return async function refresh(userId: string, failed: string | null): Promise<string | null> {
    return withLock(async () => {
      const stored = await readTokens(deps.records, userId);
      if (!stored) return null;
      if (stored.access !== failed) return stored.access;
      if (!stored.refresh) return null;
      let response: Response;
      try {
        response = await doFetch(apiUrl(REFRESH_PATH), {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
          body: JSON.stringify({ refresh: stored.refresh }),
        });
      } catch {
        return null;
      }
      if (!response.ok) {
        if (response.status < 500) await forgetTokens(deps.records, userId);
        return null;
      }
      const data = (await response.json().catch(() => ({}))) as Partial<TokenPair>;
      if (typeof data.access !== 'string') return null;
      await saveTokens(deps.records, { access: data.access, refresh: data.refresh ?? stored.refresh }, stored.email);
      deps.onRotated?.(userId);
      return data.access;
    });
  };
}
