import { subscribe } from 'valtio';
import { session } from '../../stores/session-store';
import { getDb, type BoafoDb } from './db';
import { createOutbox, SYNC_TAG, type Outbox } from './outbox';
import { syncActions, syncState } from './stores/sync-store';

/**
 * Loaded with a dynamic import after the first render, so Dexie stays out of the landing chunk.
 * Mirrors the session into IndexedDB, starts the outbox and feeds the sync indicator.
 */

let outbox: Outbox | null = null;
let stopCurrent: (() => void) | null = null;

/** The page's outbox, for features that queue mutations (available once startOffline ran). */
export function getOutbox(): Outbox | null {
  return outbox;
}

function mirrorSession(db: BoafoDb): () => void {
  const write = () =>
    db.session.put({ key: 'current', access: session.access, refresh: session.refresh, userId: session.user_id, updatedAt: Date.now() })
      .catch(() => {}); // storage full or blocked: the page still has localStorage
  void write();
  return subscribe(session, write);
}

function requestBackgroundSync(): void {
  // Without a controlling worker (dev server, first visit) `ready` never resolves; skip instead of waiting forever.
  if (!navigator.serviceWorker?.controller) return;
  void navigator.serviceWorker.ready
    .then((registration) => (registration as ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }).sync?.register(SYNC_TAG))
    .catch(() => {}); // no Background Sync (Firefox, Safari): the 'online' listener covers it
}

/**
 * Idempotent: main.tsx starts it after paint, and a feature that must queue a mutation before that
 * (the cart) may start it first; the second call returns the running instance's stop.
 */
export function startOffline(options: { refreshAccess: () => Promise<string | null> }): () => void {
  if (stopCurrent) return stopCurrent;
  const db = getDb();
  const stopMirror = mirrorSession(db);
  const box = createOutbox({
    db,
    getAccessToken: async () => session.access,
    getUserId: async () => session.user_id,
    refreshAccess: options.refreshAccess,
    requestBackgroundSync,
  });
  outbox = box;

  const stopStatus = box.subscribe((status) => Object.assign(syncState, status, { ready: true }));
  syncActions.discard = box.discard;
  syncActions.retry = box.retry;

  const onOnline = () => void box.flush();
  // The worker flushes in the background too; it tells open pages so the indicator stays true.
  const onWorkerMessage = (event: MessageEvent) => {
    if (event.data?.type === 'OUTBOX_CHANGED') void box.status().then((status) => Object.assign(syncState, status));
  };
  // Signing in makes that user's held entries sendable (see the outbox's ownership rule).
  let lastUser = session.user_id;
  const stopUserWatch = subscribe(session, () => {
    if (session.user_id === lastUser) return;
    lastUser = session.user_id;
    void box.flush();
  });
  window.addEventListener('online', onOnline);
  navigator.serviceWorker?.addEventListener('message', onWorkerMessage);
  void box.flush();

  const stop = () => {
    if (stopCurrent !== stop) return; // already stopped
    stopCurrent = null;
    stopMirror();
    stopStatus();
    stopUserWatch();
    box.stop();
    window.removeEventListener('online', onOnline);
    navigator.serviceWorker?.removeEventListener('message', onWorkerMessage);
    outbox = null;
  };
  stopCurrent = stop;
  return stop;
}
