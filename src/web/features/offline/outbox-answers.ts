import type { BatchSpec, BoafoDb, OutboxEntry } from './db';
import { OUTBOX_REASONS, type SentAnswer } from './outbox-types';

/** What happens to sent entries: the key a batch goes with, and what its answer does to the queue. */

/**
 * The batch's Idempotency-Key: the one it was sent with before when it is exactly the same batch
 * again (same entries, none changed since), else a new one. Written before sending, and only if
 * no entry changed since it was read (then the round starts over).
 */
export async function batchKeyFor(db: BoafoDb, group: OutboxEntry[], uuid: () => string): Promise<string | null> {
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
export async function settle(
  db: BoafoDb,
  group: OutboxEntry[],
  response: Response,
  batch: BatchSpec | undefined,
  now: () => number,
): Promise<{ sent: number; failed: number; answer: SentAnswer }> {
  const text = await response.text().catch(() => '');
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = text;
  }
  const refusedList =
    batch && Array.isArray((body as { refused?: unknown })?.refused) ? (body as { refused: Record<string, unknown>[] }).refused : [];
  const refused = new Map(refusedList.map((r) => [String(r[batch!.itemKey]), String(r.detail ?? OUTBOX_REASONS.refused)]));
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
        await db.outbox.update(sent.seq!, {
          status: 'failed',
          attempts: sent.attempts + 1,
          lastStatus: response.status,
          lastError: detail,
          batchKey: null,
        });
        counts.failed++;
      } else {
        await db.outbox.delete(sent.seq!);
        counts.sent++;
      }
    }
    await db.meta.put({ key: 'lastSyncedAt', value: now() });
  });
  const answer: SentAnswer = {
    owner: group[0].owner ?? null,
    entries: group,
    batch,
    status: response.status,
    body,
    replayed: response.headers.get('idempotent-replayed') === 'true',
  };
  return { ...counts, answer };
}

/** The server understood and refused: sending it again cannot help. Kept for the user to see. */
export async function refuse(db: BoafoDb, group: OutboxEntry[], response: Response): Promise<number> {
  const detail = (await response.text().catch(() => '')) || `HTTP ${response.status}`;
  let failed = 0;
  await db.transaction('rw', db.outbox, async () => {
    for (const sent of group) {
      const current = await db.outbox.get(sent.seq!);
      if (!current) continue;
      if ((current.rev ?? 0) !== (sent.rev ?? 0)) continue; // edited meanwhile: the new version gets its own chance
      await db.outbox.update(sent.seq!, {
        status: 'failed',
        attempts: sent.attempts + 1,
        lastStatus: response.status,
        lastError: detail,
        batchKey: null,
      });
      failed++;
    }
  });
  return failed;
}
