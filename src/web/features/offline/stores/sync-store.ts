import { proxy } from 'valtio';
import type { OutboxEntry } from '../db';

/**
 * What the sync indicator shows. Kept free of Dexie (type-only import) so the first paint does not
 * wait for the database code: start-offline fills it in once it has loaded.
 */
export const syncState = proxy({
  ready: false,
  pending: 0,
  failed: 0,
  failedEntries: [] as OutboxEntry[],
  pendingEntries: [] as OutboxEntry[],
  /** Changes other accounts queued on this device; they wait for their owner to sign in. */
  waitingForOthers: [] as { owner: string; label: string | null; count: number }[],
  lastSyncedAt: null as number | null,
  flushing: false,
});

// Replaced by start-offline with the real outbox; until then the buttons have nothing to act on.
export const syncActions = {
  discard: async (_seq: number): Promise<void> => {},
  retry: async (_seq: number): Promise<void> => {},
};
