import type { CheckoutRequest, DonateRequest } from '../../../../shared/contract/cart';
import type { Profile } from '../../../../shared/contract/profile';
import { api } from '../../../lib/api-client';
import type { StartAnswer } from '../lib/submit';

/**
 * Starting a payment needs the network (the provider's page is online), so these calls never go
 * through the outbox. Each carries an Idempotency-Key made once per submission attempt: a double
 * click, or a retry after a lost answer, gets the same payment back instead of a second one.
 */

/** POST /api/cart/donate/ — one cause. */
export function startDonation(request: DonateRequest, idempotencyKey: string): Promise<StartAnswer | undefined> {
  return api.post<StartAnswer | undefined>('/api/cart/donate/', request, { headers: { 'Idempotency-Key': idempotencyKey } });
}

/** POST /api/cart/checkout/ — several causes, one payment (mode cart | separately | together). */
export function startCheckout(request: CheckoutRequest, idempotencyKey: string): Promise<StartAnswer | undefined> {
  return api.post<StartAnswer | undefined>('/api/cart/checkout/', request, { headers: { 'Idempotency-Key': idempotencyKey } });
}

/** GET /api/user/profile/ for prefilling names, email and phone; null when it cannot be had. */
export async function loadProfileForPrefill(signal?: AbortSignal): Promise<Partial<Profile> | null> {
  try {
    return await api.get<Partial<Profile>>('/api/user/profile/', { signal });
  } catch {
    return null;
  }
}
