import type { DashboardSummary } from '../../../../shared/contract/account';
import type { DonationRecord } from '../../../../shared/contract/donations';
import type { Cause } from '../../../../shared/contract/causes';
import type { Paginated } from '../../../../shared/contract/common';
import type { Profile } from '../../../../shared/contract/profile';
import { api } from '../../../lib/api-client';

/** What GET /api/user/profile/ adds to Profile for the dashboard and profile screens. */
export type ProfileWithCounts = Profile & { causes_created?: number; causes_active?: number };

/** Spec §7: list responses are a plain array or an object with results. */
function results<T>(data: Paginated<T> | T[] | null | undefined): T[] {
  if (!data) return [];
  return Array.isArray(data) ? data : (data.results ?? []);
}

export function getProfile(signal?: AbortSignal): Promise<ProfileWithCounts> {
  return api.get<ProfileWithCounts>('/api/user/profile/', { signal });
}

/** GET /api/user/dashboard/?month=YYYY-MM (the current month when omitted). */
export function getDashboardSummary(month: string | null, signal?: AbortSignal): Promise<DashboardSummary> {
  const query = month ? `?month=${encodeURIComponent(month)}` : '';
  return api.get<DashboardSummary>(`/api/user/dashboard/${query}`, { signal });
}

/** Spec §9: up to 3 causes whose organizer is the signed-in user (the server shows all statuses to their owner). */
export async function listOwnCauses(userId: string, signal?: AbortSignal): Promise<Cause[]> {
  const query = new URLSearchParams({ organizer_id: userId, page_size: '3', ordering: 'date_created' });
  const data = await api.get<Paginated<Cause> | Cause[]>(`/api/causes/list/?${query}`, { signal });
  return results(data).slice(0, 3);
}

/** Spec §9: the 6 most popular causes, ranked by current_amount. */
export async function listPopularCauses(signal?: AbortSignal): Promise<Cause[]> {
  const data = await api.get<Paginated<Cause> | Cause[]>('/api/causes/list/?ordering=popularity&page_size=6', { signal });
  return results(data)
    .slice()
    .sort((a, b) => Number(b.current_amount) - Number(a.current_amount))
    .slice(0, 6);
}

/** Spec §9: the 3 latest donations of the signed-in user (completed ones: the server's default, money actually given). */
export async function listRecentDonations(signal?: AbortSignal): Promise<DonationRecord[]> {
  const data = await api.get<Paginated<DonationRecord> | DonationRecord[]>('/api/donations/?page=1', { signal });
  return results(data)
    .slice()
    .sort((a, b) => Date.parse(b.donated_at) - Date.parse(a.donated_at))
    .slice(0, 3);
}
