import type { BatchSpec, OutboxEntry } from './db';
import { OUTBOX_REASONS, type SentAnswer } from './outbox-types';
import type { SyncRecords } from './sync-records';

/** What happens to sent entries: the key a batch goes with, and what its answer does to the queue. */

const revOf = (entry: OutboxEntry) => entry.rev ?? 0;

/**
 * The batch's Idempotency-Key: the one it was sent with before when it is exactly the same batch
 * again (same entries, none changed since), else a new one. Written before sending, and only if
 * no entry changed since it was read (then the round starts over).
 */
export async function batchKeyFor(records: SyncRecords, group: OutboxEntry[], uuid: () => string): Promise<string | null> {
  const previous = group[0].batchKey;
  const same = previous && group.every((e) => e.batchKey === previous && e.meta?.batchCount === group.length);
  const key = same ? previous : uuid();
  return records.rewrite(
    group.map((e) => e.seq!),
    (current) => {
      if (current.some((e, i) => !e || revOf(e) !== revOf(group[i]) || e.status !== 'pending')) return { entries: [], result: null };
      const entries = same ? [] : current.map((e) => ({ ...e!, batchKey: key, meta: { ...e!.meta, batchCount: group.length } }));
      return { entries, result: key };
    },
  );
}

/** A 2xx answer: sent entries leave the queue, refused batch items stay as failed, edited ones go next time. */
export async function settle(
  records: SyncRecords,
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
  const counts = await records.rewrite(
    group.map((e) => e.seq!),
    (current) => {
      const tally = { sent: 0, failed: 0 };
      const entries = current.map((now, i): OutboxEntry | null | undefined => {
        const sent = group[i];
        if (!now) return undefined; // discarded meanwhile
        if (revOf(now) !== revOf(sent)) return { ...now, batchKey: null }; // edited while in flight: its new state goes next
        const detail = batch ? refused.get(String((sent.body as Record<string, unknown>)?.[batch.itemKey])) : undefined;
        if (detail === undefined) {
          tally.sent++;
          return null;
        }
        tally.failed++;
        return failedEntry(now, sent, response.status, detail);
      });
      return { entries, meta: { key: 'lastSyncedAt', value: now() }, result: tally };
    },
  );
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
export async function refuse(records: SyncRecords, group: OutboxEntry[], response: Response): Promise<number> {
  const detail = (await response.text().catch(() => '')) || `HTTP ${response.status}`;
  return records.rewrite(
    group.map((e) => e.seq!),
    (current) => {
      // Discarded or edited meanwhile: left alone (the new version gets its own chance).
      const entries = current.map((now, i) =>
        now && revOf(now) === revOf(group[i]) ? failedEntry(now, group[i], response.status, detail) : undefined,
      );
      return { entries, result: entries.filter(Boolean).length };
    },
  );
}

function failedEntry(now: OutboxEntry, sent: OutboxEntry, status: number, detail: string): OutboxEntry {
  return { ...now, status: 'failed', attempts: sent.attempts + 1, lastStatus: status, lastError: detail, batchKey: null };
}
