import type { CauseListQuery } from '../../../../shared/cause-paths';
import type { Cause } from '../../../../shared/contract/causes';
import { CAUSE_PAGE_SIZE, type CauseOrdering } from '../../../../shared/cause-list';
import type { Paginated } from '../../../../shared/contract/common';
import type { Table } from 'dexie';
import { getDb, type BoafoDb } from '../../offline/db';
import { toPesewas } from '../../../../shared/cause-progress';

/**
 * The IndexedDB mirror of every Cause the API returned (list pages, details, creations).
 * Offline, the list, search, sorts and detail pages read from here. Loaded lazily (Dexie).
 */

export interface MirroredCause extends Cause {
  /** Indexed copy of category.id (Dexie cannot index into a nullable object). */
  category_id: string | null;
  _mirrored_at: number;
}

let dbOverride: BoafoDb | null = null;
/** Tests point the mirror at their own database. */
export function setMirrorDb(db: BoafoDb | null): void {
  dbOverride = db;
}
const db = () => dbOverride ?? getDb();
/** The generic `causes` table, typed as what this module keeps in it. */
const causesTable = () => db().causes as unknown as Table<MirroredCause, string>;

/** Stores (or refreshes) causes; a missing is_favorite (anonymous answer) keeps the saved one. */
export async function mirrorCauses(causes: Cause[], now = Date.now()): Promise<void> {
  if (causes.length === 0) return;
  const table = causesTable();
  await db().transaction('rw', table, async () => {
    const existing = await table.bulkGet(causes.map((c) => c.id));
    const rows = causes.map((cause, i) => {
      const old = existing[i] as MirroredCause | undefined;
      const row: MirroredCause = { ...cause, category_id: cause.category?.id ?? null, _mirrored_at: now };
      if (row.is_favorite === undefined && old?.is_favorite !== undefined) row.is_favorite = old.is_favorite;
      return row;
    });
    await table.bulkPut(rows);
  });
}

function strip(row: MirroredCause): Cause {
  const { category_id: _c, _mirrored_at: _m, ...cause } = row;
  return cause;
}

export async function getMirroredCause(id: string): Promise<Cause | null> {
  const row = await causesTable().get(id);
  return row ? strip(row) : null;
}

export async function countMirroredCauses(): Promise<number> {
  return db().causes.count();
}

export async function setMirrorFavorite(id: string, favorite: boolean): Promise<void> {
  await causesTable().update(id, { is_favorite: favorite });
}

/** The same query the server's list answers (src/shared/cause-paths.ts), applied on the device. */
export type MirrorQuery = CauseListQuery;

// Spec §9 sort definitions, the same the server applies.
const byDesc = (f: (c: Cause) => number) => (a: Cause, b: Cause) => f(b) - f(a);
const byText = (f: (c: Cause) => string) => (a: Cause, b: Cause) => f(a).localeCompare(f(b));
const time = (c: Cause) => Date.parse(c.created_at) || 0;
const COMPARE: Record<CauseOrdering, (a: Cause, b: Cause) => number> = {
  date_created: byDesc(time),
  popularity: byDesc((c) => toPesewas(c.current_amount)),
  created_by: byText((c) => c.organizer_id ?? ''),
  category: byText((c) => c.category?.name ?? ''),
  goal_amount: byDesc((c) => toPesewas(c.target_amount)),
};

/** Publicly listed statuses: drafts under review and rejected causes are the organizer's business only. */
const LISTED = new Set(['active', 'completed', 'closed']);

/** Spec §5: search matches name/title and description case-insensitively. */
export function matchesSearch(cause: Pick<Cause, 'name' | 'title' | 'description'>, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return [cause.name, cause.title, cause.description].some((text) => (text ?? '').toLowerCase().includes(needle));
}

/** A page of the mirror with the list endpoint's shape (next/previous are markers, not URLs). */
export async function queryMirror(query: MirrorQuery = {}): Promise<Paginated<Cause>> {
  const page = Math.max(1, query.page ?? 1);
  const size = query.page_size ?? CAUSE_PAGE_SIZE;
  const rows = (await causesTable().toArray())
    .filter((c) => (query.organizer_id ? c.organizer_id === query.organizer_id : LISTED.has(String(c.status).toLowerCase()) || c.is_active))
    .filter((c) => !query.category || c.category_id === query.category || c.category?.name === query.category)
    .filter((c) => matchesSearch(c, query.search ?? ''))
    .map(strip)
    .sort((a, b) => COMPARE[query.ordering ?? 'date_created'](a, b) || a.id.localeCompare(b.id));
  const start = (page - 1) * size;
  return {
    count: rows.length,
    next: start + size < rows.length ? `mirror:${page + 1}` : null,
    previous: page > 1 ? `mirror:${page - 1}` : null,
    results: rows.slice(start, start + size),
  };
}

/** Small key/value rows (the categories list). */
export async function saveMeta(key: string, value: unknown): Promise<void> {
  await db().meta.put({ key: `causes:${key}`, value });
}

export async function readMeta<T>(key: string): Promise<T | null> {
  return ((await db().meta.get(`causes:${key}`))?.value as T | undefined) ?? null;
}
