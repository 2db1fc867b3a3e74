import type { SubscriptionSummary } from '../../../../shared/contract/subscriptions';
import { api } from '../../../lib/api-client';

/**
 * The signed-in donor's monthly gifts (GET /api/subscriptions/) and cancelling one
 * (DELETE /api/subscriptions/{code}/, 204 — also when it was cancelled already, so a retry is safe).
 * Online only: cancelling must reach the payment partner, so it never waits in the outbox.
 */
export function fetchMonthlyGifts(signal?: AbortSignal): Promise<SubscriptionSummary[]> {
  return api.get<SubscriptionSummary[]>('/api/subscriptions/', { signal });
}

export async function cancelMonthlyGift(code: string): Promise<void> {
  await api.delete<null>(`/api/subscriptions/${encodeURIComponent(code)}/`);
}
