import type { PaymentVerification } from '../../../../shared/giving-contract';
import { api } from '../../../lib/api-client';

/** GET /api/payments/verify/{reference}/ */
export function verifyPayment(reference: string, signal?: AbortSignal): Promise<PaymentVerification> {
  return api.get<PaymentVerification>(`/api/payments/verify/${encodeURIComponent(reference)}/`, { signal });
}
