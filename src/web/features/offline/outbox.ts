import { apiUrl } from '../../lib/api-url';
import type { BatchSpec, BoafoDb, OutboxEntry } from './db';

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

export interface Mutation {
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  body?: unknown;
  label?: string;
}

export interface QueueInput extends Mutation {
  owner: string | null;
  ownerLabel?: string | null;
  coalesceKey?: string;
  batch?: BatchSpec;
  meta?: Record<string, unknown>;
}

/** For a coalescing put: what to do with the entry already waiting for the same key. */
export type CoalesceDecision = 'replace' | 'cancel';

export interface WaitingAccount {
  owner: string;
  label: string | null;
  count: number;
}

export interface SyncStatus {
  /** Entries the viewer (or a guest before them) queued that are still to be sent. */
  pending: number;
  failed: number;
  /** Failed entries stay until the user retries or discards them. */
  failedEntries: OutboxEntry[];
  pendingEntries: OutboxEntry[];
  /** Changes queued by other accounts on this device: they wait for their owner's sign-in. */
  waitingForOthers: WaitingAccount[];
  lastSyncedAt: number | null;
  flushing: boolean;
}

export interface FlushResult {
  sent: number;
  failed: number;
  /** Why the flush ended: nothing it can send, the head is waiting for its retry time, a send just failed, or offline. */
  stopped: 'empty' | 'waiting' | 'retry' | 'offline';
  /** Entries left for owners this runner has no token for. */
  held: number;
}

/** Where a runner gets an owner's token: the page knows its own session, everyone can read the stored rows. */
export interface TokenSource {
  tokenFor(owner: string): Promise<string | null>;
  /** After a 401 with `failed`: a fresh token, or null (the entries wait). */
  refresh(owner: string, failed: string | null): Promise<string | null>;
}

/** A successful answer, for features that apply it (the cart replaces its lines with the server's). */
export interface SentAnswer {
  owner: string | null;
  entries: OutboxEntry[];
  batch?: BatchSpec;
  status: number;
  body: unknown;
  replayed: boolean;
}

export interface OutboxDeps {
  db: BoafoDb;
  tokens: TokenSource;
  /** Who the status is for and who `enqueue` queues as (the page's session); the worker has none. */
  viewer?: () => { id: string | null; label?: string | null };
  fetch?: typeof fetch;
  now?: () => number;
  random?: () => number;
  uuid?: () => string;
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

function stableJson(value: Record<string, unknown>): string {
  return JSON.stringify(Object.keys(value).sort().map((k) => [k, value[k]]));
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
  const uuid = deps.uuid ?? (() => crypto.randomUUID());
  const isOnline = deps.isOnline ?? (() => typeof navigator === 'undefined' || navigator.onLine !== false);
  const setTimer = deps.setTimer ?? ((run, ms) => setTimeout(run, ms));
  const clearTimer = deps.clearTimer ?? ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout>));
  const viewer = () => deps.viewer?.() ?? { id: null, label: null };

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

  /**
   * The batch's Idempotency-Key: the one it was sent with before when it is exactly the same batch
   * again (same entries, none changed since), else a new one. Written before sending, and only if
   * no entry changed since it was read (then the round starts over).
   */
  async function batchKeyFor(group: OutboxEntry[]): Promise<string | null> {
    const previous = group[0].batchKey;
    const same = previous && group.every((e) => e.batchKey === previous && e.meta?.batchCount === group.length);
    const key = same ? previous : uuid();
    const unchanged = await db.transaction('rw', db.outbox, async () => {
      const current = await db.outbox.bulkGet(group.map((e) => e.seq!));
      if (current.some((e, i) => !e || (e.rev ?? 0) !== (group[i].rev ?? 0) || e.status !== 'pending')) return false;
      if (!same) {
        for (const e of current) await db.outbox.update(e!.seq!, { batchKey: key, meta: { ...e!.meta, batchCount: group.length } });
      }
      return true;
    });
    return unchanged ? key : null;
  }

  /** A 2xx answer: sent entries leave the queue, refused batch items stay as failed, edited ones go next time. */
  async function settle(group: OutboxEntry[], response: Response, batch: BatchSpec | undefined): Promise<{ sent: number; failed: number }> {
    const text = await response.text().catch(() => '');
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = text;
    }
    const refusedList = batch && Array.isArray((body as { refused?: unknown })?.refused) ? (body as { refused: Record<string, unknown>[] }).refused : [];
    const refused = new Map(refusedList.map((r) => [String(r[batch!.itemKey]), String(r.detail ?? 'Refused by the server.')]));
    const counts = { sent: 0, failed: 0 };
    await db.transaction('rw', db.outbox, db.meta, async () => {
      for (const sent of group) {
        const current = await db.outbox.get(sent.seq!);
        if (!current) continue; // discarded meanwhile
        if ((current.rev ?? 0) !== (sent.rev ?? 0)) {
          await db.outbox.update(sent.seq!, { batchKey: null }); // edited while in flight: its new state goes next
          continue;
        }
        const detail = batch ? refused.get(String((sent.body as Record<string, unknown>)?.[batch.itemKey])) : undefined;
        if (detail !== undefined) {
          await db.outbox.update(sent.seq!, { status: 'failed', attempts: sent.attempts + 1, lastStatus: response.status, lastError: detail, batchKey: null });
          counts.failed++;
        } else {
          await db.outbox.delete(sent.seq!);
          counts.sent++;
        }
      }
      await db.meta.put({ key: 'lastSyncedAt', value: now() });
    });
    const answer: SentAnswer = {
      owner: group[0].owner ?? null, entries: group, batch, status: response.status, body, replayed: response.headers.get('idempotent-replayed') === 'true',
    };
    for (const listener of answerListeners) listener(answer);
    return counts;
  }

  /** The server understood and refused: sending it again cannot help. Kept for the user to see. */
  async function refuse(group: OutboxEntry[], response: Response): Promise<number> {
    const detail = (await response.text().catch(() => '')) || `HTTP ${response.status}`;
    let failed = 0;
    await db.transaction('rw', db.outbox, async () => {
      for (const sent of group) {
        const current = await db.outbox.get(sent.seq!);
        if (!current) continue;
        if ((current.rev ?? 0) !== (sent.rev ?? 0)) continue; // edited meanwhile: the new version gets its own chance
        await db.outbox.update(sent.seq!, { status: 'failed', attempts: sent.attempts + 1, lastStatus: response.status, lastError: detail, batchKey: null });
        failed++;
      }
    });
    return failed;
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
        ? pending.filter((e) => e.batch && (e.owner ?? null) === (head.owner ?? null) && groupOf(e) === groupOf(head) && e.nextAttemptAt <= now())
          .slice(0, MAX_BATCH_ITEMS)
        : [head];
      const key = batch ? await batchKeyFor(group) : head.idempotencyKey;
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
        const counts = await settle(group, response, batch);
        result.sent += counts.sent;
        result.failed += counts.failed;
      } else if (response.status >= 500 || RETRYABLE.has(response.status)) {
        // A 401 that a refresh could not cure leaves the entries waiting for a valid sign-in, never failed.
        await scheduleRetry(group, response, response.status === 401 ? 'Waiting for a valid sign-in' : `HTTP ${response.status}`);
        await notify();
        return { ...result, stopped: 'retry' };
      } else {
        result.failed += await refuse(group, response);
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
   * Adds a change, or coalesces it into the one already waiting under the same key and owner.
   * Runs inside the caller's IndexedDB transaction when there is one (it must include `outbox`),
   * so a feature's local write and its queued change commit together or not at all. Call
   * `queued()` once that transaction has committed. Resolves null when the change cancelled out.
   */
  async function put(input: QueueInput, decide?: (waiting: OutboxEntry) => CoalesceDecision, waitingNow?: OutboxEntry[]): Promise<OutboxEntry | null> {
    const at = now();
    if (input.coalesceKey) {
      const waiting = waitingNow ?? (await waitingFor(input.coalesceKey, input.owner));
      const previous = waiting[waiting.length - 1];
      if (previous) {
        const stale = waiting.slice(0, -1).map((older) => db.outbox.delete(older.seq!));
        if (decide?.(previous) === 'cancel') {
          await Promise.all([...stale, db.outbox.delete(previous.seq!)]);
          return null;
        }
        const failed = previous.status === 'failed';
        const next: OutboxEntry = {
          ...previous, method: input.method, url: input.url, body: input.body, label: input.label, batch: input.batch ?? previous.batch,
          rev: (previous.rev ?? 0) + 1, batchKey: null, idempotencyKey: uuid(), status: 'pending', updatedAt: at,
          // A refused change the donor edits again gets a fresh start; a waiting one keeps its backoff.
          attempts: failed ? 0 : previous.attempts, nextAttemptAt: failed ? at : previous.nextAttemptAt,
          lastStatus: failed ? undefined : previous.lastStatus, lastError: failed ? undefined : previous.lastError,
        };
        await Promise.all([...stale, db.outbox.put(next)]);
        return next;
      }
    }
    const entry: OutboxEntry = {
      method: input.method, url: input.url, body: input.body, label: input.label, idempotencyKey: uuid(),
      owner: input.owner, ownerLabel: input.ownerLabel ?? null, coalesceKey: input.coalesceKey, batch: input.batch, meta: input.meta,
      rev: 0, batchKey: null, createdAt: at, updatedAt: at, attempts: 0, nextAttemptAt: at, status: 'pending',
    };
    entry.seq = await db.outbox.add(entry);
    return entry;
  }

  /** The entries waiting under a coalescing key for this owner, oldest first (read it beside the feature's own reads). */
  async function waitingFor(coalesceKey: string, owner: string | null): Promise<OutboxEntry[]> {
    return (await db.outbox.where('coalesceKey').equals(coalesceKey).toArray()).filter((e) => (e.owner ?? null) === owner);
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
    const adopted = await db.transaction('rw', db.outbox, async () => {
      const guests = await db.outbox.filter((e) => e.owner == null).toArray();
      for (const guest of guests) {
        if (guest.coalesceKey) {
          const own = (await db.outbox.where('coalesceKey').equals(guest.coalesceKey).toArray()).filter((e) => e.owner === owner);
          const newest = [guest, ...own].reduce((a, b) => ((b.updatedAt ?? b.createdAt) > (a.updatedAt ?? a.createdAt) ? b : a));
          for (const stale of [guest, ...own]) if (stale !== newest) await db.outbox.delete(stale.seq!);
          if (newest !== guest) continue;
        }
        await db.outbox.update(guest.seq!, { owner, ownerLabel: label });
      }
      return guests.length;
    });
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

  return { put, waitingFor, queued, enqueue, adopt, flush, status, subscribe, onAnswer, onStop, discard, retry, notify, resetSyncRequest, stop };
}

export type Outbox = ReturnType<typeof createOutbox>;
