import { apiUrl } from '../../lib/api-url';
import { browserOnline } from '../../lib/browser-online';
import type { OutboxEntry } from './db';
import { batchKeyFor, refuse, settle } from './outbox-answers';
import { OUTBOX_REASONS, type FlushResult, type SentAnswer, type TokenSource } from './outbox-types';
import type { SyncRecords } from './sync-records';

/**
 * The sending side of the outbox, run by the page, any other tab and the service worker against the same
 * IndexedDB (through sync-records.ts, so the worker carries no Dexie): whichever wakes up first once the
 * network is back sends what waits.
 *
 *  - Order: entries go in seq order, one request at a time (a Web Lock spans page and worker).
 *  - Batches: entries with the same `batch` spec and owner go out as ONE request.
 *  - Ownership: an entry is only ever sent with its owner's token. A runner without that token leaves
 *    it waiting (never failed); a 401 asks for a refresh first.
 *  - Idempotency: each request carries a key that stays the same when the same request is resent.
 */

export const SYNC_TAG = 'boafo-outbox';
export const BASE_RETRY_MS = 1000;
export const MAX_RETRY_MS = 5 * 60 * 1000;
export const MAX_BATCH_ITEMS = 100;
const LOCK_NAME = 'boafo-outbox';

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
export function randomKey(): string {
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

export interface SenderDeps {
  records: SyncRecords;
  tokens: TokenSource;
  fetch?: typeof fetch;
  now?: () => number;
  random?: () => number;
  uuid?: () => string;
  isOnline?: () => boolean;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
  /** The queue changed or a flush started or ended (the page's indicator reads it again). */
  changed?: () => Promise<void>;
  /** A successful answer, for features that apply it. */
  answered?: (answer: SentAnswer) => void;
}

export function createOutboxSender(deps: SenderDeps) {
  const { records } = deps;
  const doFetch = deps.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  const now = deps.now ?? Date.now;
  const random = deps.random ?? Math.random;
  const uuid = deps.uuid ?? randomKey;
  const isOnline = deps.isOnline ?? browserOnline;
  const setTimer = deps.setTimer ?? ((run, ms) => setTimeout(run, ms));
  const clearTimer = deps.clearTimer ?? ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout>));
  const changed = () => deps.changed?.() ?? Promise.resolve();
  let running: Promise<FlushResult> | null = null;
  let again = false;
  let wakeTimer: unknown = null;

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
    const retry = { attempts, nextAttemptAt: now() + delay, lastStatus: response?.status, lastError: error };
    await records.rewrite(
      group.map((e) => e.seq!),
      (current) => ({ entries: current.map((entry) => entry && { ...entry, ...retry }), result: undefined }),
    );
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
      const pending = await records.pending();
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
      const key = batch ? await batchKeyFor(records, group, uuid) : head.idempotencyKey;
      if (!key) continue; // an entry changed while the batch was being put together: read again
      if (!isOnline()) return { ...result, stopped: 'offline' }; // the connection went while the queue was read
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
        await changed();
        return { ...result, stopped: 'retry' };
      }

      if (response.ok) {
        const settled = await settle(records, group, response, batch, now);
        result.sent += settled.sent;
        result.failed += settled.failed;
        deps.answered?.(settled.answer);
      } else if (response.status >= 500 || RETRYABLE.has(response.status)) {
        // A 401 that a refresh could not cure leaves the entries waiting for a valid sign-in, never failed.
        await scheduleRetry(group, response, response.status === 401 ? OUTBOX_REASONS.signIn : `HTTP ${response.status}`);
        await changed();
        return { ...result, stopped: 'retry' };
      } else {
        result.failed += await refuse(records, group, response);
      }
      await changed();
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
        return total;
      } finally {
        running = null;
        await changed();
      }
    })();
    void changed();
    return running;
  }

  function stop(): void {
    if (wakeTimer !== null) clearTimer(wakeTimer);
    wakeTimer = null;
  }

  return { flush, stop, isFlushing: () => running !== null };
}
