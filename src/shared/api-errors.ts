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
