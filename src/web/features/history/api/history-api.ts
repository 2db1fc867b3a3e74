import type { DonationRecord } from '../../../../shared/contract/donations';
import type { Paginated } from '../../../../shared/contract/common';
import { api } from '../../../lib/api-client';
import { session } from '../../../stores/session-store';
import { getDb, type CachedRecord } from '../../offline/db';

/**
 * The donation history (GET /api/donations/?page=1&status=all) and its copy on the device (Dexie
 * `donations`, one row per donation tagged with its owner), so /donationhistory reads offline.
 */

export interface SavedHistory {
  records: DonationRecord[];
  /** When the copy was taken (ms), null when nothing is saved. */
  syncedAt: number | null;
}

type SavedRow = DonationRecord & { _owner: string };

const metaKey = (owner: string) => `donations_synced_at:${owner}`;

/**
 * GET /api/donations/?page=1&status=all (plain array or an object with results, spec §7). The server lists
 * completed donations unless asked; this screen labels each status, so a failed or pending gift stays
 * visible to its donor.
 */
export async function fetchDonationHistory(signal?: AbortSignal): Promise<DonationRecord[]> {
  const data = await api.get<Paginated<DonationRecord> | DonationRecord[]>('/api/donations/?page=1&status=all', { signal });
  return Array.isArray(data) ? data : (data?.results ?? []);
}

/** Replaces the owner's saved copy with `records`. */
export async function saveDonationHistory(owner: string, records: DonationRecord[], now = Date.now()): Promise<void> {
  const db = getDb();
  await db.transaction('rw', db.donations, db.meta, async () => {
    await db.donations.where('_owner').equals(owner).delete();
    await db.donations.bulkPut(records.map((r) => ({ ...r, _owner: owner }) as unknown as CachedRecord));
    await db.meta.put({ key: metaKey(owner), value: now });
  });
}

export async function readSavedHistory(owner: string): Promise<SavedHistory> {
  const db = getDb();
  const [rows, meta] = await Promise.all([db.donations.where('_owner').equals(owner).toArray(), db.meta.get(metaKey(owner))]);
  const records = (rows as unknown as SavedRow[]).map(({ _owner: _o, ...record }) => record as DonationRecord);
  return { records, syncedAt: typeof meta?.value === 'number' ? meta.value : null };
}

/** Fetches and saves the signed-in user's history (after a payment); quiet on failure. */
export async function refreshDonationHistory(): Promise<DonationRecord[] | null> {
  const owner = session.user_id;
  if (!owner) return null;
  try {
    const records = await fetchDonationHistory();
    await saveDonationHistory(owner, records);
    return records;
  } catch {
    return null;
  }
}
