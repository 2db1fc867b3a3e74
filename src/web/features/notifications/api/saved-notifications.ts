import Dexie from 'dexie';
import type { Notification } from '../../../../shared/contract/account';
import { getDb, type CachedRecord } from '../../offline/db';
import { normalizeNotification } from '../lib/notifications-view';

/**
 * The device's copy of a user's notifications (Dexie `notifications`, each row tagged `_owner`),
 * so /notificationspage reads offline and the socket's catch-up knows the newest one it has.
 * Bounded: only the newest MAX_SAVED per user are kept.
 */
const MAX_SAVED = 200;

type SavedRow = Notification & { _owner: string };

const byOwner = (owner: string) => getDb().notifications.where('[_owner+created_at]').between([owner, Dexie.minKey], [owner, Dexie.maxKey]);

function strip(row: CachedRecord): Notification {
  const { _owner: _ignored, ...notification } = row as unknown as SavedRow;
  return normalizeNotification(notification);
}

/** Newest first. */
export async function readSavedNotifications(owner: string): Promise<Notification[]> {
  return (await byOwner(owner).reverse().toArray()).map(strip);
}

/** created_at of the newest saved notification, or null when none is saved. */
export async function newestSavedAt(owner: string): Promise<string | null> {
  const row = await byOwner(owner).last();
  return row ? String(row.created_at) : null;
}

/** Adds or updates rows, then drops the oldest beyond MAX_SAVED. */
export async function saveNotifications(owner: string, items: readonly Notification[]): Promise<void> {
  if (items.length === 0) return;
  const db = getDb();
  await db.transaction('rw', db.notifications, async () => {
    await db.notifications.bulkPut(items.map((n) => ({ ...n, _owner: owner }) as unknown as CachedRecord));
    const extra = (await byOwner(owner).count()) - MAX_SAVED;
    if (extra > 0) await db.notifications.bulkDelete((await byOwner(owner).limit(extra).primaryKeys()) as string[]);
  });
}

/** Marks saved rows read: the given ids, or all of the owner's. */
export async function markSavedRead(owner: string, ids: readonly string[] | 'all'): Promise<void> {
  const db = getDb();
  if (ids === 'all') {
    await db.notifications.where('_owner').equals(owner).modify({ is_read: true });
  } else {
    await db.notifications
      .where('id')
      .anyOf([...ids])
      .filter((row) => row._owner === owner)
      .modify({ is_read: true });
  }
}
