import type { BoafoDb, OutboxEntry } from './db';
import type { CoalesceDecision, QueueInput } from './outbox-types';

/**
 * The writing side of the outbox: adding a change, coalescing it into the one already waiting,
 * and handing a guest's changes to the account that signs in. Everything here runs inside the
 * caller's IndexedDB transaction when there is one, so a feature's local write and its queued
 * change commit together or not at all.
 */
export function createOutboxQueue(deps: { db: BoafoDb; now: () => number; uuid: () => string }) {
  const { db, now, uuid } = deps;

  /**
   * Adds a change, or coalesces it into the one already waiting under the same key and owner.
   * Runs inside the caller's IndexedDB transaction when there is one (it must include `outbox`),
   * so a feature's local write and its queued change commit together or not at all. Call
   * `queued()` once that transaction has committed. Resolves null when the change cancelled out.
   */
  async function put(
    input: QueueInput,
    decide?: (waiting: OutboxEntry) => CoalesceDecision,
    waitingNow?: OutboxEntry[],
  ): Promise<OutboxEntry | null> {
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
          ...previous,
          method: input.method,
          url: input.url,
          body: input.body,
          label: input.label,
          batch: input.batch ?? previous.batch,
          rev: (previous.rev ?? 0) + 1,
          batchKey: null,
          idempotencyKey: uuid(),
          status: 'pending',
          updatedAt: at,
          // A refused change the donor edits again gets a fresh start; a waiting one keeps its backoff.
          attempts: failed ? 0 : previous.attempts,
          nextAttemptAt: failed ? at : previous.nextAttemptAt,
          lastStatus: failed ? undefined : previous.lastStatus,
          lastError: failed ? undefined : previous.lastError,
        };
        await Promise.all([...stale, db.outbox.put(next)]);
        return next;
      }
    }
    const entry: OutboxEntry = {
      method: input.method,
      url: input.url,
      body: input.body,
      label: input.label,
      idempotencyKey: uuid(),
      owner: input.owner,
      ownerLabel: input.ownerLabel ?? null,
      coalesceKey: input.coalesceKey,
      batch: input.batch,
      meta: input.meta,
      rev: 0,
      batchKey: null,
      createdAt: at,
      updatedAt: at,
      attempts: 0,
      nextAttemptAt: at,
      status: 'pending',
    };
    entry.seq = await db.outbox.add(entry);
    return entry;
  }

  /** The entries waiting under a coalescing key for this owner, oldest first (read it beside the feature's own reads). */
  async function waitingFor(coalesceKey: string, owner: string | null): Promise<OutboxEntry[]> {
    return (await db.outbox.where('coalesceKey').equals(coalesceKey).toArray()).filter((e) => (e.owner ?? null) === owner);
  }

  /**
   * A guest's waiting changes become the account's that signs in on this device: they are then
   * sent with its token (the server merges the guest cart they name). Their batch keys stay, so a
   * change the server already applied as a guest is answered from that record, not applied again.
   */
  async function adopt(owner: string, label: string | null): Promise<number> {
    return db.transaction('rw', db.outbox, async () => {
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
  }

  return { put, waitingFor, adopt };
}
