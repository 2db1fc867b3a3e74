/**
 * The error body every endpoint answers with on a non-2xx status:
 *   {"detail": "...", "code": "validation_error", "errors": {"password2": ["Passwords do not match."]}}
 * `errors` maps a field name to its messages and is present for field errors only.
 * Its codes and helpers, as plain values with no imports; the schema and its type (ApiErrorBody)
 * are in src/shared/contract/common.ts.
 */

export const ERROR_CODES = [
  'validation_error',
  'invalid_credentials',
  'not_authenticated',
  'token_invalid',
  'permission_denied',
  'not_found',
  'conflict',
  'rate_limited',
  'payload_too_large',
  'unsupported_media',
  'idempotency_conflict',
  /** GET /api/payments/verify/{reference}/ (402): the provider says the payment failed, or the donor cancelled it. */
  'payment_failed',
  'payment_abandoned',
  /** 403: this account must turn on two-step sign-in first (admins for anything admin; money movers before moving money). */
  'two_step_required',
  /** 403: confirm it is you (a fresh code, or the password without two-step) within the last 10 minutes, then resend. */
  'step_up_required',
  /** 409: the payout details changed recently; withdrawals to the new destination wait until the hold ends. */
  'payout_on_hold',
  'server_error',
  /** 503: this process should get no traffic now (shutting down, or its database is unreachable); ask another. */
  'unavailable',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** Field names the client shows errors for outside any one field. */
export const NON_FIELD_ERRORS = 'non_field_errors';

/** The first message for a field, if any: screens show this inline. */
export function firstFieldError(body: { errors?: Record<string, string[]> } | null | undefined, field: string): string | undefined {
  return body?.errors?.[field]?.[0];
}
