import { apiUrl } from '../../lib/api-url';
import type { OutboxEntry } from './db';
import { batchKeyFor, refuse, settle } from './outbox-answers';
import { createOutboxQueue } from './outbox-queue';
import {
  OUTBOX_REASONS,
  type FlushResult,
  type Mutation,
  type OutboxDeps,
  type SentAnswer,
  type SyncStatus,
  type WaitingAccount,
} from './outbox-types';

/**
 * A generic queue of API mutations (cart changes, favorites, notification reads, …). The page, any
 * other tab and the service worker run it against the same IndexedDB, so a change made offline
 * survives reloads and is sent by whichever wakes up first once the network is back.
 *
 *  - Order: entries go in seq order, one request at a time (a Web Lock spans page and worker).
 *  - Coalescing: entries with the same `coalesceKey` and owner collapse while they wait (the
 *    latest body wins), so N edits to k things leave k entries.
 *  - Batches: entries with the same `batch` spec and owner go out as ONE request.
 *  - Ownership: an entry belongs to whoever queued it (null: a guest) and is only ever sent with
 *    its owner's token. A runner without that token leaves it waiting (never failed); a 401 asks
 *    for a refresh first.
 *  - Idempotency: each request carries a key that stays the same when the same request is resent.
 */

export const SYNC_TAG = 'boafo-outbox';
export const BASE_RETRY_MS = 1000;
export const MAX_RETRY_MS = 5 * 60 * 1000;
export const MAX_BATCH_ITEMS = 100;
const LOCK_NAME = 'boafo-outbox';
/** How long the indicator waits after a queued change before it re-reads the queue. */
const NOTIFY_AFTER_MS = 60;

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

/** A random key; plain http on a LAN address has no randomUUID, but getRandomValues is always there. */
function randomKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return [...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, '0')).join('');
}

function stableJson(value: Record<string, unknown>): string {
  return JSON.stringify(
    Object.keys(value)
      .sort()
      .map((k) => [k, value[k]]),
  );
}

function groupOf(entry: OutboxEntry): string {
  const batch = entry.batch!;
  return `${entry.owner ?? ''}|${batch.url}|${batch.field}|${stableJson(batch.base)}`;
}

interface Request {
  method: string;
  url: string;
  body?: unknown;
}

export function createOutbox(deps: OutboxDeps) {
  const { db } = deps;
  const doFetch = deps.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  const now = deps.now ?? Date.now;
  const random = deps.random ?? Math.random;
  const uuid = deps.uuid ?? randomKey;
  const isOnline = deps.isOnline ?? (() => typeof navigator === 'undefined' || navigator.onLine !== false);
  const setTimer = deps.setTimer ?? ((run, ms) => setTimeout(run, ms));
  const clearTimer = deps.clearTimer ?? ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout>));
  const viewer = () => deps.viewer?.() ?? { id: null, label: null };
  const { put, waitingFor, adopt: adoptEntries } = createOutboxQueue({ db, now, uuid });

  const listeners = new Set<(status: SyncStatus) => void>();
  const answerListeners = new Set<(answer: SentAnswer) => void>();
  const stopListeners = new Set<() => void>();
  let running: Promise<FlushResult> | null = null;
  let again = false;
  let wakeTimer: unknown = null;
  let syncRequested = false;
  let notifyTimer: ReturnType<typeof setTimeout> | null = null;

  async function status(): Promise<SyncStatus> {
    const me = viewer().id;
    const [entries, last] = await Promise.all([db.outbox.orderBy('seq').toArray(), db.meta.get('lastSyncedAt')]);
    const mine = entries.filter((e) => e.owner == null || e.owner === me);
    const others = new Map<string, WaitingAccount>();
    for (const e of entries) {
      if (e.owner == null || e.owner === me) continue;
      const account = others.get(e.owner) ?? { owner: e.owner, label: e.ownerLabel ?? null, count: 0 };
      account.count += 1;
      others.set(e.owner, account);
    }
    const failedEntries = mine.filter((e) => e.status === 'failed');
    const pendingEntries = mine.filter((e) => e.status === 'pending');
    return {
      pending: pendingEntries.length,
      failed: failedEntries.length,
      failedEntries,
      pendingEntries,
      waitingForOthers: [...others.values()],
      lastSyncedAt: typeof last?.value === 'number' ? last.value : null,
      flushing: running !== null,
    };
  }

  async function notify(): Promise<void> {
    if (listeners.size === 0) return;
    const current = await status();
    for (const listener of listeners) listener(current);
  }

  function send(request: Request, key: string, token: string | null): Promise<Response> {
    const headers: Record<string, string> = { Accept: 'application/json', 'Idempotency-Key': key };
    if (request.body !== undefined) headers['Content-Type'] = 'application/json';
    if (token) headers.Authorization = `Bearer ${token}`;
    const body = request.body === undefined ? undefined : JSON.stringify(request.body);
    return doFetch(apiUrl(request.url), { method: request.method, headers, body });
  }

  function armWakeTimer(delay: number): void {
    if (wakeTimer !== null) clearTimer(wakeTimer);
    wakeTimer = setTimer(() => {
      wakeTimer = null;
      void flush();
    }, delay);
  }

  async function scheduleRetry(group: OutboxEntry[], response: Response | null, error: string): Promise<void> {
    const attempts = Math.max(...group.map((e) => e.attempts)) + 1;
    const delay = Math.max(backoffDelay(attempts, random()), response ? retryAfterMs(response, now()) : 0);
    await db.transaction('rw', db.outbox, async () => {
      for (const entry of group) {
        await db.outbox.update(entry.seq!, { attempts, nextAttemptAt: now() + delay, lastStatus: response?.status, lastError: error });
      }
    });
    armWakeTimer(delay);
  }

  /** Sends due entries in seq order, a batch at a time; stops at the first one that must be retried so order is kept. */
  async function drain(): Promise<FlushResult> {
    const result: FlushResult = { sent: 0, failed: 0, stopped: 'empty', held: 0 };
    const tokens = new Map<string, string | null>();
    const tokenOf = async (owner: string) => {
      if (!tokens.has(owner)) tokens.set(owner, await deps.tokens.tokenFor(owner));
      return tokens.get(owner)!;
    };
    for (;;) {
      if (!isOnline()) return { ...result, stopped: 'offline' };
      // Re-read every round: entries queued or coalesced during the flush join in.
      const pending = await db.outbox.where('status').equals('pending').sortBy('seq');
      const held = new Set<string>();
      let head: OutboxEntry | undefined;
      let token: string | null = null;
      for (const entry of pending) {
        if (entry.owner && held.has(entry.owner)) continue;
        const ownerToken = entry.owner ? await tokenOf(entry.owner) : null;
        if (entry.owner && !ownerToken) {
          held.add(entry.owner); // not ours to send now: it waits for its owner, in order
          continue;
        }
        head = entry;
        token = ownerToken;
        break;
      }
      result.held = pending.filter((e) => e.owner && held.has(e.owner)).length;
      if (!head) return result;
      if (head.nextAttemptAt > now()) {
        armWakeTimer(head.nextAttemptAt - now());
        return { ...result, stopped: 'waiting' };
      }

      const batch = head.batch;
      const group = batch
        ? pending
            .filter(
              (e) => e.batch && (e.owner ?? null) === (head.owner ?? null) && groupOf(e) === groupOf(head) && e.nextAttemptAt <= now(),
            )
            .slice(0, MAX_BATCH_ITEMS)
        : [head];
      const key = batch ? await batchKeyFor(db, group, uuid) : head.idempotencyKey;
      if (!key) continue; // an entry changed while the batch was being put together: read again
      const request: Request = batch
        ? { method: 'POST', url: batch.url, body: { ...batch.base, [batch.field]: group.map((e) => e.body) } }
        : { method: head.method, url: head.url, body: head.body };

      let response: Response;
      try {
        response = await send(request, key, token);
        if (response.status === 401 && head.owner) {
          const fresh = await deps.tokens.refresh(head.owner, token);
          tokens.set(head.owner, fresh);
          if (fresh) response = await send(request, key, fresh);
        }
      } catch (error) {
        await scheduleRetry(group, null, error instanceof Error ? error.message : String(error));
        await notify();
        return { ...result, stopped: 'retry' };
      }

      if (response.ok) {
        const settled = await settle(db, group, response, batch, now);
        result.sent += settled.sent;
        result.failed += settled.failed;
        for (const listener of answerListeners) listener(settled.answer);
      } else if (response.status >= 500 || RETRYABLE.has(response.status)) {
        // A 401 that a refresh could not cure leaves the entries waiting for a valid sign-in, never failed.
        await scheduleRetry(group, response, response.status === 401 ? OUTBOX_REASONS.signIn : `HTTP ${response.status}`);
        await notify();
        return { ...result, stopped: 'retry' };
      } else {
        result.failed += await refuse(db, group, response);
      }
      await notify();
    }
  }

  // Web Locks (page and worker share them) stop two runners sending the same entries at once.
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
      const total: FlushResult = { sent: 0, failed: 0, stopped: 'empty', held: 0 };
      try {
        do {
          again = false;
          const step = await withLock(drain);
          total.sent += step.sent;
          total.failed += step.failed;
          total.stopped = step.stopped;
          total.held = step.held;
        } while (again && total.stopped === 'empty');
        if (total.stopped === 'empty') syncRequested = false;
        return total;
      } finally {
        running = null;
        await notify();
      }
    })();
    void notify();
    return running;
  }

  /**
   * After a put's transaction committed: ask for a background sync, send if online, and update the
   * indicator once the burst is over (a donor tapping + ten times needs one status read, not ten, and
   * the screen's own update of the line goes first).
   */
  function queued(): void {
    if (notifyTimer === null) {
      notifyTimer = setTimeout(() => {
        notifyTimer = null;
        void notify();
      }, NOTIFY_AFTER_MS);
    }
    if (!syncRequested) {
      syncRequested = true; // one registration covers every change until the next complete flush
      deps.requestBackgroundSync?.();
    }
    if (isOnline()) void flush();
  }

  /** Queues one mutation as the viewer (favorites, notification reads): its own transaction, then sent. */
  async function enqueue(mutation: Mutation): Promise<OutboxEntry> {
    const who = viewer();
    const entry = await db.transaction('rw', db.outbox, () => put({ ...mutation, owner: who.id, ownerLabel: who.label ?? null }));
    queued();
    return entry!;
  }

  /**
   * A guest's waiting changes become the account's that signs in on this device: they are then
   * sent with its token (the server merges the guest cart they name). Their batch keys stay, so a
   * change the server already applied as a guest is answered from that record, not applied again.
   */
  async function adopt(owner: string, label: string | null): Promise<number> {
    const adopted = await adoptEntries(owner, label);
    if (adopted > 0) queued();
    return adopted;
  }

  /** Drops a failed (or pending) entry the user chose to give up on. */
  async function discard(seq: number): Promise<void> {
    await db.outbox.delete(seq);
    await notify();
  }

  /** Puts a failed entry back in line; a batch item gets a new batch key (the batch is a different request now). */
  async function retry(seq: number): Promise<void> {
    await db.outbox.update(seq, { status: 'pending', nextAttemptAt: now(), attempts: 0, batchKey: null });
    void flush();
  }

  function subscribe(listener: (status: SyncStatus) => void): () => void {
    listeners.add(listener);
    void status().then(listener);
    return () => listeners.delete(listener);
  }

  function onAnswer(listener: (answer: SentAnswer) => void): () => void {
    answerListeners.add(listener);
    return () => answerListeners.delete(listener);
  }

  /** The connection came back (or the worker flushed): a new background sync may be needed later. */
  function resetSyncRequest(): void {
    syncRequested = false;
  }

  /** Features built on this outbox stop with it (the offline layer restarted or the page is leaving). */
  function onStop(listener: () => void): () => void {
    stopListeners.add(listener);
    return () => stopListeners.delete(listener);
  }

  function stop(): void {
    if (wakeTimer !== null) clearTimer(wakeTimer);
    wakeTimer = null;
    if (notifyTimer !== null) clearTimeout(notifyTimer);
    notifyTimer = null;
    for (const listener of [...stopListeners]) listener();
    stopListeners.clear();
  }

  return {
    put,
    waitingFor,
    queued,
    enqueue,
    adopt,
    flush,
    status,
    subscribe,
    onAnswer,
    onStop,
    discard,
    retry,
    notify,
    resetSyncRequest,
    stop,
  };
}

export type Outbox = ReturnType<typeof createOutbox>;
