import type { AdminDonation, Refund } from '../../../../shared/contract/refunds';
import type { Paginated } from '../../../../shared/contract/common';
import { api } from '../../../lib/api-client';

/**
 * Refunds (server README, "Refunds"): a cause's donations with what was refunded and what still can be,
 * and a refund of one, in full or in part. The admins use /api/admin/donations/; the cause's organizer
 * /api/causes/{id}/donations/. Money moves only with a connection, so nothing here goes through the outbox.
 */

/** Which list and which refund route: the admins' or the cause organizer's. */
export type RefundScope = 'admin' | 'organizer';

/** One Idempotency-Key per refund asked; plain http on a LAN address has no crypto.randomUUID. */
export function refundKey(): string {
  return [...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** GET /api/admin/donations/?cause_id=&page= or GET /api/causes/{id}/donations/?page= — newest first, 50 a page. */
export function listCauseDonations(
  scope: RefundScope,
  causeId: string,
  page: number,
  signal?: AbortSignal,
): Promise<Paginated<AdminDonation>> {
  const id = encodeURIComponent(causeId);
  const url =
    scope === 'admin'
      ? `/api/admin/donations/?${new URLSearchParams({ cause_id: causeId, page: String(page) })}`
      : `/api/causes/${id}/donations/?page=${page}`;
  return api.get<Paginated<AdminDonation>>(url, { signal });
}

/**
 * POST /api/admin/donations/{id}/refund/ or /api/causes/{cause_id}/donations/{id}/refund/ with {amount}
 * (GHS decimal). The caller keeps one Idempotency-Key per refund it means, so a retry after a lost
 * answer refunds once.
 */
export function refundDonation(scope: RefundScope, donation: AdminDonation, amount: string, idempotencyKey: string): Promise<Refund> {
  const url =
    scope === 'admin'
      ? `/api/admin/donations/${encodeURIComponent(donation.id)}/refund/`
      : `/api/causes/${encodeURIComponent(donation.cause_id)}/donations/${encodeURIComponent(donation.id)}/refund/`;
  return api.post<Refund>(url, { amount }, { headers: { 'Idempotency-Key': idempotencyKey } });
}
