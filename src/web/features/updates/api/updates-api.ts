import type { Table } from 'dexie';
import type { Paginated } from '../../../../shared/contract/common';
import type { CauseUpdate, SupportMessage } from '../../../../shared/contract/updates';
import { api, upload } from '../../../lib/api-client';
import { getDb, type BoafoDb } from '../../offline/db';

/**
 * A cause's updates and words of support. Updates read online are kept on the device so the cause
 * page still shows them offline; posting and hiding need a connection (files are never queued).
 */

const path = (causeId: string, rest: string) => `/api/causes/${encodeURIComponent(causeId)}/${rest}`;

let dbOverride: BoafoDb | null = null;
/** Tests point the stored updates at their own database. */
export function setUpdatesDb(db: BoafoDb | null): void {
  dbOverride = db;
}
const table = () => (dbOverride ?? getDb()).causeUpdates as unknown as Table<CauseUpdate, string>;

/** Keeps updates for offline reading; a failing IndexedDB (private mode, quota) only loses that copy. */
async function keep(updates: CauseUpdate[]): Promise<void> {
  if (updates.length === 0) return;
  try {
    await table().bulkPut(updates);
  } catch {
    // the page already has them from the network
  }
}

/** The updates stored for a cause, newest first. */
export async function storedUpdates(causeId: string): Promise<CauseUpdate[]> {
  try {
    const rows = await table().where('[cause_id+created_at]').between([causeId, ''], [causeId, '\uffff']).reverse().toArray();
    return rows;
  } catch {
    return [];
  }
}

/** GET /api/causes/{id}/updates/?page= (newest first), stored for offline reading. */
export async function listUpdates(causeId: string, page: number, signal?: AbortSignal): Promise<Paginated<CauseUpdate>> {
  const data = await api.get<Paginated<CauseUpdate>>(`${path(causeId, 'updates/')}?page=${page}`, { signal });
  await keep(data.results);
  return data;
}

/** POST /api/causes/{id}/updates/ as multipart (body and an optional image) with upload progress. */
export async function postUpdate(causeId: string, form: FormData, onProgress?: (fraction: number) => void): Promise<CauseUpdate> {
  const update = await upload<CauseUpdate>(path(causeId, 'updates/'), form, onProgress);
  await keep([update]);
  return update;
}

/** GET /api/causes/{id}/messages/?page= — words of support of paid donations, newest first. */
export function listMessages(causeId: string, page: number, signal?: AbortSignal): Promise<Paginated<SupportMessage>> {
  return api.get<Paginated<SupportMessage>>(`${path(causeId, 'messages/')}?page=${page}`, { signal });
}

/** POST /api/causes/{id}/messages/{donation}/hide/ (organizer or admin). */
export async function hideMessage(causeId: string, donationId: string): Promise<void> {
  await api.post(path(causeId, `messages/${encodeURIComponent(donationId)}/hide/`));
}
