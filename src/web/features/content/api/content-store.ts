import { getDb, type BoafoDb } from '../../offline/db';

/** Landing content rows in IndexedDB (`content` table); loaded lazily so Dexie stays out of the landing chunk. */
let dbOverride: BoafoDb | null = null;
export function setContentDb(db: BoafoDb | null): void {
  dbOverride = db;
}
const db = () => dbOverride ?? getDb();

export async function saveContent(key: string, value: unknown): Promise<void> {
  await db().content.put({ key, value, savedAt: Date.now() });
}

export async function readContent<T>(key: string): Promise<T | null> {
  return ((await db().content.get(key))?.value as T | undefined) ?? null;
}
