import type { Cause } from '../../../../shared/contract/causes';
import type { Paginated } from '../../../../shared/contract/common';
import { api } from '../../../lib/api-client';
import { unfavoriteCause } from '../../causes/api/causes-api';

/** GET /api/favorites/?page=&search= → the signed-in user's favorite causes, newest first. */
export async function listFavorites(params: { page?: number; search?: string }, signal?: AbortSignal): Promise<Paginated<Cause>> {
  const query = new URLSearchParams({ page: String(params.page ?? 1) });
  if (params.search?.trim()) query.set('search', params.search.trim());
  const data = await api.get<Paginated<Cause> | Cause[]>(`/api/favorites/?${query}`, { signal });
  return Array.isArray(data) ? { count: data.length, next: null, previous: null, results: data } : data;
}

/** DELETE /api/favorites/{cause_id}/, through the outbox when it runs (so it works offline). */
export function removeFavorite(causeId: string): Promise<void> {
  return unfavoriteCause(causeId);
}
