/**
 * `npm run media:migrate`: copies the pictures whose bytes are still in the media table to the object
 * store and switches each one over. Progress lives in the rows themselves: a picture is switched (its
 * bytes dropped from the table, moved_to_store_at set) only after the store has confirmed a copy of the
 * same size, so an interrupted run loses nothing and a rerun continues with what is left. Copying a key
 * again is harmless (content-addressed), so a run that stopped between copy and switch just copies it once more.
 */
import { mediaKey } from './store';
import type { MediaRepo } from '../repositories/media';

/** What a move needs from the store. */
export interface MoveTarget {
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  holds(key: string, size: number): Promise<boolean>;
}

export interface MoveReport {
  /** Switched to the store by this run. */
  moved: number;
  /** Left in the table because their bytes do not hash to their key (serving them from the store under it would be wrong). */
  damaged: string[];
}

export interface MoveOptions {
  batchSize?: number;
  /** Called after each switched batch (progress output). */
  onBatch?: (moved: number) => void;
}

export async function moveMediaToStore(repo: MediaRepo, target: MoveTarget, options: MoveOptions = {}): Promise<MoveReport> {
  const batchSize = options.batchSize ?? 50;
  const report: MoveReport = { moved: 0, damaged: [] };
  let after = '';
  for (;;) {
    const batch = await repo.stillHere(after, batchSize);
    if (batch.length === 0) break;
    after = batch[batch.length - 1].hash;
    const copied: string[] = [];
    for (const row of batch) {
      if (mediaKey(row.content) !== row.hash) {
        report.damaged.push(row.hash);
        continue;
      }
      await target.put(row.hash, row.content, row.contentType);
      if (!(await target.holds(row.hash, row.content.length))) {
        throw new Error(`The object store did not keep ${row.hash} (${row.content.length} bytes); nothing after it was switched.`);
      }
      copied.push(row.hash);
    }
    report.moved += await repo.markMoved(copied);
    options.onBatch?.(report.moved);
  }
  return report;
}
