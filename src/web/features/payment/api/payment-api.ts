import type { PaymentVerification } from '../../../../shared/contract/payments';
import type { MobileCharge, MobileOtpRequest } from '../../../../shared/contract/mobile-money';
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

/** POST /api/payments/{reference}/otp/: the code the network sent; answers the charge's next status. */
export function submitMobileOtp(reference: string, otp: string): Promise<MobileCharge> {
  return api.post<MobileCharge>(`/api/payments/${encodeURIComponent(reference)}/otp/`, { otp } satisfies MobileOtpRequest);
}

/** POST /api/payments/{reference}/resend/: a new prompt for the same gift, under a new reference. */
export function resendMobilePrompt(reference: string): Promise<MobileCharge> {
  return api.post<MobileCharge>(`/api/payments/${encodeURIComponent(reference)}/resend/`, {});
}
