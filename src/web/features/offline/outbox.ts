import { apiUrl } from '../../lib/api-url';
import type { BoafoDb, OutboxEntry } from './db';

/**
 * A generic queue of API mutations (cart changes, donations, profile edits in later issues).
 * Both the page and the service worker run it against the same IndexedDB, so a mutation made
 * offline survives reloads and is sent by whichever wakes up first once the network is back.
 * Entries go strictly in order, one at a time, each with a stable Idempotency-Key so a request
 * that reached the server but whose answer was lost is applied once when it is sent again.
 */

export const SYNC_TAG = 'boafo-outbox';
export const BASE_RETRY_MS = 1000;
export const MAX_RETRY_MS = 5 * 60 * 1000;
const LOCK_NAME = 'boafo-outbox';

export interface Mutation {
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  body?: unknown;
}

export interface SyncStatus {
  pending: number;
  failed: number;
  /** Failed entries stay until the user retries or discards them. */
  failedEntries: OutboxEntry[];
  lastSyncedAt: number | null;
  flushing: boolean;
}

export interface FlushResult {
  sent: number;
  failed: number;
  /** Why the flush ended: nothing left, the head entry is waiting for its retry time, or it just failed to send. */
  stopped: 'empty' | 'waiting' | 'retry' | 'offline';
}

export interface OutboxDeps {
  db: BoafoDb;
  fetch?: typeof fetch;
  now?: () => number;
  random?: () => number;
  uuid?: () => string;
  /** Defaults to the token mirrored in the session table, which the worker can read too. */
  getAccessToken?: () => Promise<string | null>;
  /** Who is signed in now (null for a guest); defaults to the session table. */
  getUserId?: () => Promise<string | null>;
  /** The page passes the API client's refresh; the worker has none and waits for the page. */
  refreshAccess?: () => Promise<string | null>;
  isOnline?: () => boolean;
  requestBackgroundSync?: () => void;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

/** Exponential backoff (1 s, 2 s, 4 s, ...) capped at 5 min, with ±25% jitter so clients do not retry in step. */
export function backoffDelay(attempts: number, random: number): number {
  const base = Math.min(BASE_RETRY_MS * 2 ** Math.max(0, attempts - 1), MAX_RETRY_MS);
  return Math.min(Math.round(base * (0.75 + random * 0.5)), MAX_RETRY_MS);
}

// Statuses worth retrying: the request may succeed later unchanged (timeout, conflict with an
// in-flight twin, rate limit). 401 is retried after a token refresh. Other 4xx never will.
const RETRYABLE = new Set([401, 408, 409, 429]);

function retryAfterMs(response: Response, now: number): number {
  const header = response.headers.get('Retry-After');
  if (!header) return 0;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return seconds * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? 0 : Math.max(0, date - now);
}

export function createOutbox(deps: OutboxDeps) {
  const { db } = deps;
  const doFetch = deps.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  const now = deps.now ?? Date.now;
  const random = deps.random ?? Math.random;
  const uuid = deps.uuid ?? (() => crypto.randomUUID());
  const isOnline = deps.isOnline ?? (() => typeof navigator === 'undefined' || navigator.onLine !== false);
  const getAccessToken = deps.getAccessToken ?? (async () => (await db.session.get('current'))?.access ?? null);
  const getUserId = deps.getUserId ?? (async () => (await db.session.get('current'))?.userId ?? null);

  /**
   * An entry belongs to whoever was signed in when it was made (null: a guest). It is only ever
   * sent with that user's token, so after a logout nothing queued by one person goes out under
   * the next person's account; it waits until its owner signs in again. Guest entries go with
   * whoever is signed in, which is how a guest's cart follows them into their account.
   */
  async function visibleEntries(): Promise<OutboxEntry[]> {
    const userId = await getUserId();
    return db.outbox.orderBy('seq').filter((e) => e.owner == null || e.owner === userId).toArray();
  }
  const setTimer = deps.setTimer ?? ((run, ms) => setTimeout(run, ms));
  const clearTimer = deps.clearTimer ?? ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout>));

  const listeners = new Set<(status: SyncStatus) => void>();
  let running: Promise<FlushResult> | null = null;
  let again = false;
  let wakeTimer: unknown = null;

  async function status(): Promise<SyncStatus> {
    const [entries, last] = await Promise.all([visibleEntries(), db.meta.get('lastSyncedAt')]);
    const failedEntries = entries.filter((e) => e.status === 'failed');
    return {
      pending: entries.length - failedEntries.length,
      failed: failedEntries.length,
      failedEntries,
      lastSyncedAt: typeof last?.value === 'number' ? last.value : null,
      flushing: running !== null,
    };
  }

  async function notify(): Promise<void> {
    if (listeners.size === 0) return;
    const current = await status();
    for (const listener of listeners) listener(current);
  }

  function send(entry: OutboxEntry, token: string | null): Promise<Response> {
    const headers: Record<string, string> = { Accept: 'application/json', 'Idempotency-Key': entry.idempotencyKey };
    if (entry.body !== undefined) headers['Content-Type'] = 'application/json';
    if (token) headers.Authorization = `Bearer ${token}`;
    const body = entry.body === undefined ? undefined : JSON.stringify(entry.body);
    return doFetch(apiUrl(entry.url), { method: entry.method, headers, body });
  }

  async function scheduleRetry(entry: OutboxEntry, response: Response | null, error: string): Promise<void> {
    const attempts = entry.attempts + 1;
    const delay = Math.max(backoffDelay(attempts, random()), response ? retryAfterMs(response, now()) : 0);
    await db.outbox.update(entry.seq!, { attempts, nextAttemptAt: now() + delay, lastStatus: response?.status, lastError: error });
    armWakeTimer(delay);
  }

  function armWakeTimer(delay: number): void {
    if (wakeTimer !== null) clearTimer(wakeTimer);
    wakeTimer = setTimer(() => {
      wakeTimer = null;
      void flush();
    }, delay);
  }

  /** Sends due entries in seq order; stops at the first one that must be retried so order is kept. */
  async function drain(): Promise<FlushResult> {
    const result: FlushResult = { sent: 0, failed: 0, stopped: 'empty' };
    for (;;) {
      if (!isOnline()) return { ...result, stopped: 'offline' };
      // Re-read every time: entries enqueued during the flush join the end of the line.
      const entry = (await visibleEntries()).find((e) => e.status === 'pending');
      if (!entry) return result;
      if (entry.nextAttemptAt > now()) {
        armWakeTimer(entry.nextAttemptAt - now());
        return { ...result, stopped: 'waiting' };
      }

      let response: Response;
      try {
        response = await send(entry, await getAccessToken());
        if (response.status === 401 && deps.refreshAccess) {
          const fresh = await deps.refreshAccess();
          if (fresh) response = await send(entry, fresh);
        }
      } catch (error) {
        await scheduleRetry(entry, null, error instanceof Error ? error.message : String(error));
        await notify();
        return { ...result, stopped: 'retry' };
      }

      if (response.ok) {
        await db.transaction('rw', db.outbox, db.meta, async () => {
          await db.outbox.delete(entry.seq!);
          await db.meta.put({ key: 'lastSyncedAt', value: now() });
        });
        result.sent++;
      } else if (response.status >= 500 || RETRYABLE.has(response.status)) {
        await scheduleRetry(entry, response, `HTTP ${response.status}`);
        await notify();
        return { ...result, stopped: 'retry' };
      } else {
        // The server understood and refused: sending it again cannot help. Keep it for the user to see.
        const detail = await response.text().catch(() => '');
        await db.outbox.update(entry.seq!, {
          status: 'failed', attempts: entry.attempts + 1, lastStatus: response.status, lastError: detail || `HTTP ${response.status}`,
        });
        result.failed++;
      }
      await notify();
    }
  }

  // Web Locks (page and worker share them) stop the page and the worker flushing at the same moment.
  async function withLock<T>(run: () => Promise<T>): Promise<T> {
    const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
    return locks ? ((await locks.request(LOCK_NAME, run)) as T) : run();
  }

  /** Single-flight: a call during a flush joins it, and the flush runs once more if asked meanwhile. */
  function flush(): Promise<FlushResult> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      const total: FlushResult = { sent: 0, failed: 0, stopped: 'empty' };
      try {
        do {
          again = false;
          const step = await withLock(drain);
          total.sent += step.sent;
          total.failed += step.failed;
          total.stopped = step.stopped;
        } while (again && total.stopped === 'empty');
        return total;
      } finally {
        running = null;
        await notify();
      }
    })();
    void notify();
    return running;
  }

  async function enqueue(mutation: Mutation): Promise<OutboxEntry> {
    const entry: OutboxEntry = {
      method: mutation.method, url: mutation.url, body: mutation.body, idempotencyKey: uuid(), owner: await getUserId(),
      createdAt: now(), attempts: 0, nextAttemptAt: now(), status: 'pending',
    };
    entry.seq = await db.outbox.add(entry);
    await notify();
    deps.requestBackgroundSync?.();
    if (isOnline()) void flush();
    return entry;
  }

  /** Drops a failed (or pending) entry the user chose to give up on. */
  async function discard(seq: number): Promise<void> {
    await db.outbox.delete(seq);
    await notify();
  }

  /** Puts a failed entry back in line, keeping its key, so the server can still deduplicate it. */
  async function retry(seq: number): Promise<void> {
    await db.outbox.update(seq, { status: 'pending', nextAttemptAt: now() });
    void flush();
  }

  function subscribe(listener: (status: SyncStatus) => void): () => void {
    listeners.add(listener);
    void status().then(listener);
    return () => listeners.delete(listener);
  }

  function stop(): void {
    if (wakeTimer !== null) clearTimer(wakeTimer);
    wakeTimer = null;
  }

  return { enqueue, flush, status, subscribe, discard, retry, stop };
}

export type Outbox = ReturnType<typeof createOutbox>;
