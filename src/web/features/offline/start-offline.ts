import { subscribe } from 'valtio';
import { configureApiClient } from '../../lib/api-client';
import { decodeJwt } from '../../lib/jwt';
import { STORAGE_KEYS } from '../../lib/storage-keys';
import { session, setTokens, syncSessionFromStorage } from '../../stores/session-store';
import { getDb, type BoafoDb } from './db';
import { createOutbox, type Outbox } from './outbox';
import { SYNC_TAG } from './outbox-sender';
import { createTokenRefresher, forgetTokens, keepOnlyTokensOf, ownerOf, readTokens, saveTokens } from './session-tokens';
import { syncActions, syncState } from './stores/sync-store';
import { openSyncRecords, type SyncRecords } from './sync-records';

/**
 * Loaded with a dynamic import after the first render, so Dexie stays out of the landing chunk.
 * Keeps each signed-in account's tokens in IndexedDB, starts the outbox and feeds the sync indicator.
 */

export interface StartOfflineOptions {
  /** The API client's refresh (single flight, shared with every other call of this page). */
  refreshAccess: () => Promise<string | null>;
  /** Tests route the outbox to their own server; the app uses the global fetch. */
  fetch?: typeof fetch;
  db?: BoafoDb;
}

let outbox: Outbox | null = null;
let stopCurrent: (() => void) | null = null;

/** The page's outbox, for features that queue mutations (available once startOffline ran). */
export function getOutbox(): Outbox | null {
  return outbox;
}

function storedAccess(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEYS.access);
  } catch {
    return null;
  }
}

/**
 * Mirrors this tab's account into IndexedDB. Only an account's own session writes or removes its
 * row: a tab that is still a guest (it missed another tab's sign-in) never touches a signed-in
 * account's tokens, and a tab whose account signs out removes that account's row (its waiting
 * changes then wait for it to sign in again, never going out under someone else).
 */
function mirrorSession(records: SyncRecords): () => void {
  const fail = () => {}; // storage full or blocked: the page still has localStorage
  // Accounts signed out elsewhere (a page without this layer) leave rows behind: localStorage says who is signed in.
  void keepOnlyTokensOf(records, ownerOf(storedAccess())).catch(fail);
  let last = session.user_id;
  const write = () => {
    if (last && last !== session.user_id) void forgetTokens(records, last).catch(fail);
    last = session.user_id;
    if (session.access && session.user_id)
      void saveTokens(records, { access: session.access, refresh: session.refresh }, session.email).catch(fail);
  };
  write();
  return subscribe(session, write);
}

function requestBackgroundSync(): void {
  // Without a controlling worker (dev server, first visit) `ready` never resolves; skip instead of waiting forever.
  if (!navigator.serviceWorker?.controller) return;
  void navigator.serviceWorker.ready
    .then((registration) =>
      (registration as ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }).sync?.register(SYNC_TAG),
    )
    .catch(() => {}); // no Background Sync (Firefox, Safari): the 'online' listener covers it
}

/** The worker refreshed this account's tokens while it had a 401: take the newer pair. */
async function adoptRotatedTokens(records: SyncRecords, userId: string): Promise<void> {
  if (userId !== session.user_id) return;
  const stored = await readTokens(records, userId);
  const localIat = decodeJwt(session.access)?.iat ?? 0;
  if (stored?.refresh && stored.refresh !== session.refresh && stored.issuedAt > localIat) setTokens(stored.access, stored.refresh);
}

/**
 * Idempotent: main.tsx starts it after paint, and a feature that must queue a mutation before that
 * (the cart) may start it first; the second call returns the running instance's stop.
 */
export function startOffline(options: StartOfflineOptions): () => void {
  if (stopCurrent) return stopCurrent;
  const db = options.db ?? getDb();
  const records = openSyncRecords(db.name);
  const stopMirror = mirrorSession(records);
  const refreshStored = createTokenRefresher({ records, fetch: options.fetch });
  configureApiClient({
    tokenStore: {
      read: async (userId) => (await readTokens(records, userId)) ?? null,
      save: (pair) => saveTokens(records, pair, session.email),
    },
  });
  const box = createOutbox({
    db,
    records,
    fetch: options.fetch,
    viewer: () => ({ id: session.user_id, label: session.email ?? session.name }),
    tokens: {
      // This tab's own account: its live session. Any other owner: the row their own tab keeps.
      tokenFor: async (owner) => {
        syncSessionFromStorage();
        if (owner === session.user_id && session.access) return session.access;
        return (await readTokens(records, owner))?.access ?? null;
      },
      refresh: (owner, failed) => (owner === session.user_id ? options.refreshAccess() : refreshStored(owner, failed)),
    },
    requestBackgroundSync,
  });
  outbox = box;

  const stopStatus = box.subscribe((status) => Object.assign(syncState, status, { ready: true }));
  syncActions.discard = box.discard;
  syncActions.retry = box.retry;

  const flushNow = () => {
    box.resetSyncRequest();
    void box.flush();
  };
  const onVisible = () => {
    if (document.visibilityState !== 'visible') return;
    syncSessionFromStorage();
    void box.flush();
  };
  // The worker flushes in the background too; it tells open pages so the indicator stays true.
  const onWorkerMessage = (event: MessageEvent) => {
    if (event.data?.type === 'OUTBOX_CHANGED') {
      box.resetSyncRequest();
      void box.notify();
    }
    if (event.data?.type === 'TOKENS_ROTATED' && typeof event.data.userId === 'string') void adoptRotatedTokens(records, event.data.userId);
  };
  // Signing in: a guest's waiting changes become this account's, and they can be sent now.
  const adoptGuestChanges = () => {
    if (session.user_id) void box.adopt(session.user_id, session.email ?? session.name).then(() => box.flush());
  };
  let lastUser = session.user_id;
  const stopUserWatch = subscribe(session, () => {
    if (session.user_id === lastUser) return;
    lastUser = session.user_id;
    if (session.user_id) adoptGuestChanges();
    else void box.notify();
  });
  window.addEventListener('online', flushNow);
  document.addEventListener('visibilitychange', onVisible);
  navigator.serviceWorker?.addEventListener('message', onWorkerMessage);
  adoptGuestChanges();
  void box.flush();

  const stop = () => {
    if (stopCurrent !== stop) return; // already stopped
    stopCurrent = null;
    stopMirror();
    stopStatus();
    stopUserWatch();
    box.stop();
    configureApiClient({ tokenStore: null });
    window.removeEventListener('online', flushNow);
    document.removeEventListener('visibilitychange', onVisible);
    navigator.serviceWorker?.removeEventListener('message', onWorkerMessage);
    records.close();
    outbox = null;
  };
  stopCurrent = stop;
  return stop;
}
