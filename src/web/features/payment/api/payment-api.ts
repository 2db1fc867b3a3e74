import type { PaymentVerification } from '../../../../shared/contract/payments';
import { api, ApiError } from '../../../lib/api-client';

/**
 * GET /api/payments/verify/{reference}/: 200 success, 202 pending or flagged (no message), 402 failed
 * or abandoned (an error answer that still carries the payment). All three are a known outcome;
 * any other error (404, network) is thrown.
 */
export async function verifyPayment(reference: string, signal?: AbortSignal): Promise<PaymentVerification> {
  try {
    return await api.get<PaymentVerification>(`/api/payments/verify/${encodeURIComponent(reference)}/`, { signal });
  } catch (error) {
    const body = error instanceof ApiError && error.status === 402 ? (error.body as Partial<PaymentVerification> | null) : null;
    if (body && typeof body === 'object' && typeof body.status === 'string' && typeof body.reference === 'string') {
      return body as PaymentVerification;
    }
    throw error;
  }
}
