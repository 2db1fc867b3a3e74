import type { Cause, CategoryRef } from '../../../../shared/contract/causes';
import type { Paginated } from '../../../../shared/contract/common';
import { CATEGORIES_PATH, causeDetailsPath, causeListPath, causeListQuery, type CauseListQuery } from '../../../../shared/cause-paths';
import { api, upload } from '../../../lib/api-client';
import { offlineStoreOpen } from '../../offline/store-gate';

/**
 * The causes API (spec §7) — the one place the web app talks to /api/causes/, /api/categories/
 * and /api/favorites/. Other features import from here (stable names).
 *
 * Every Cause that comes back is mirrored into IndexedDB (`causes` table) as a side effect, so a
 * returning visitor can browse, search and open causes offline. The mirror module (and Dexie) is
 * loaded with a dynamic import so the landing chunk stays small.
 */

export type ListCausesParams = CauseListQuery;

export interface RequestOpts {
  signal?: AbortSignal;
}

const pendingWrites = new Set<Promise<unknown>>();

function mirror(causes: Cause[]): void {
  if (causes.length === 0) return;
  const write = offlineStoreOpen()
    .then(() => import('./cause-mirror'))
    .then((m) => m.mirrorCauses(causes))
    .catch(() => {});
  pendingWrites.add(write);
  void write.finally(() => pendingWrites.delete(write));
}

/** Resolves once every mirror write started so far is done (tests, and the browser test's reload). */
export async function mirrorSettled(): Promise<void> {
  while (pendingWrites.size) await Promise.all([...pendingWrites]);
}

export const listQuery = causeListQuery;

/** GET /api/causes/list/ — one page (next is null on the last page). Mirrors the results. */
export async function listCauses(params: ListCausesParams = {}, opts: RequestOpts = {}): Promise<Paginated<Cause>> {
  const data = await api.get<Paginated<Cause> | Cause[]>(causeListPath(params), { signal: opts.signal });
  // Spec §7: list responses are a plain array or an object with results.
  const page: Paginated<Cause> = Array.isArray(data) ? { count: data.length, next: null, previous: null, results: data } : data;
  mirror(page.results);
  return page;
}

/** GET /api/causes/details/{id}/ (ApiError 404 when unknown). Mirrors the cause. */
export async function getCause(id: string, opts: RequestOpts = {}): Promise<Cause> {
  const cause = await api.get<Cause>(causeDetailsPath(id), { signal: opts.signal });
  mirror([cause]);
  return cause;
}

/**
 * POST /api/causes/create/ as multipart (name, description, target_amount, organizer_id, category,
 * category_data JSON text, location, cover_image, accepts_donations_after_goal). onProgress gets 0..1.
 */
export async function createCause(form: FormData, onProgress?: (fraction: number) => void): Promise<Cause> {
  const cause = await upload<Cause>('/api/causes/create/', form, onProgress);
  mirror([cause]);
  return cause;
}

/** POST /api/causes/{id}/close/ — the organizer (or an admin) stops a cause taking donations. */
export async function closeCause(id: string): Promise<Cause> {
  const cause = await api.post<Cause>(`/api/causes/${encodeURIComponent(id)}/close/`);
  mirror([cause]);
  return cause;
}

let categoriesCache: Promise<CategoryRef[]> | null = null;

/** GET /api/categories/ → [{id, name}]; offline it answers from the last list saved on the device. */
export function listCategories(): Promise<CategoryRef[]> {
  categoriesCache ??= api
    .get<CategoryRef[] | { results: CategoryRef[] }>(CATEGORIES_PATH, { auth: false })
    .then((data) => {
      const list = Array.isArray(data) ? data : data.results;
      void import('./cause-mirror').then((m) => m.saveMeta('categories', list)).catch(() => {});
      return list;
    })
    .catch(async (error) => {
      categoriesCache = null;
      const saved = await import('./cause-mirror').then((m) => m.readMeta<CategoryRef[]>('categories')).catch(() => null);
      if (saved) return saved;
      throw error;
    });
  return categoriesCache;
}

/**
 * Favorites go through the outbox so they work offline (POST /api/favorites/ {cause_id},
 * DELETE /api/favorites/{cause_id}/). The mirror's is_favorite flips at once.
 */
export async function setFavorite(causeId: string, favorite: boolean): Promise<void> {
  const [{ setMirrorFavorite }, { getOutbox }] = await Promise.all([import('./cause-mirror'), import('../../offline/start-offline')]);
  await setMirrorFavorite(causeId, favorite).catch(() => {});
  const mutation = favorite
    ? ({ method: 'POST', url: '/api/favorites/', body: { cause_id: causeId } } as const)
    : ({ method: 'DELETE', url: `/api/favorites/${encodeURIComponent(causeId)}/` } as const);
  const outbox = getOutbox();
  if (outbox) {
    await outbox.enqueue(mutation);
  } else {
    await api[favorite ? 'post' : 'delete'](mutation.url, 'body' in mutation ? mutation.body : undefined);
  }
}

export const favoriteCause = (causeId: string) => setFavorite(causeId, true);
export const unfavoriteCause = (causeId: string) => setFavorite(causeId, false);

/** Spec §4: active means status equals active (case-insensitive) or the active flag is true. */
export function isCauseActive(cause: Pick<Cause, 'status' | 'is_active'>): boolean {
  return String(cause.status).toLowerCase() === 'active' || cause.is_active === true;
}
