import type { BoafoDb, OutboxEntry } from './db';
import { createOutboxQueue } from './outbox-queue';
import { browserOnline } from '../../lib/browser-online';
import { createOutboxSender, randomKey, type SenderDeps } from './outbox-sender';
import type { FlushResult, Mutation, SentAnswer, SyncStatus, WaitingAccount } from './outbox-types';
import { openSyncRecords, type SyncRecords } from './sync-records';

/**
 * The page's outbox: a generic queue of API mutations (cart changes, favorites, notification reads, …) in IndexedDB,
 * so a change made offline survives reloads. Queuing runs through Dexie inside the feature's own transaction (a
 * feature's local write and its queued change commit together); sending is outbox-sender.ts, which any other tab and
 * the service worker run too. Entries with the same `coalesceKey` and owner collapse while they wait (the latest body
 * wins), so N edits to k things leave k entries; an entry belongs to whoever queued it (null: a guest).
 */

/** How long the indicator waits after a queued change before it re-reads the queue. */
const NOTIFY_AFTER_MS = 60;

export interface OutboxDeps extends Omit<SenderDeps, 'records' | 'changed' | 'answered'> {
  db: BoafoDb;
  /** The sending side's view of the same database (opened from `db`'s name when not given). */
  records?: SyncRecords;
  /** Who the status is for and who `enqueue` queues as (the page's session). */
  viewer?: () => { id: string | null; label?: string | null };
  requestBackgroundSync?: () => void;
}

export function createOutbox(deps: OutboxDeps) {
  const { db } = deps;
  const now = deps.now ?? Date.now;
  const isOnline = deps.isOnline ?? browserOnline;
  const viewer = () => deps.viewer?.() ?? { id: null, label: null };
  const { put, waitingFor, adopt: adoptEntries } = createOutboxQueue({ db, now, uuid: deps.uuid ?? randomKey });

  const listeners = new Set<(status: SyncStatus) => void>();
  const answerListeners = new Set<(answer: SentAnswer) => void>();
  const stopListeners = new Set<() => void>();
  let syncRequested = false;
  let notifyTimer: ReturnType<typeof setTimeout> | null = null;
  const sender = createOutboxSender({
    ...deps,
    records: deps.records ?? openSyncRecords(db.name),
    changed: () => notify(),
    answered: (answer) => answerListeners.forEach((listener) => listener(answer)),
  });

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
      flushing: sender.isFlushing(),
    };
  }

  async function notify(): Promise<void> {
    if (listeners.size === 0) return;
    const current = await status();
    for (const listener of listeners) listener(current);
  }

  /** Sends what is due (single-flight: a call during a flush joins it). */
  async function flush(): Promise<FlushResult> {
    const result = await sender.flush();
    if (result.stopped === 'empty') syncRequested = false;
    return result;
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
    sender.stop();
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
