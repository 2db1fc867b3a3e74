/** The error body's per-status listing for a route's OpenAPI responses; the body itself is in the shared contract. */
import type { TSchema } from 'typebox';
import { ErrorBodySchema } from '../../shared/contract/common';

/** `{400: ErrorBody, 401: ErrorBody, ...}` for a route's response schema. */
export function errorResponses(...statuses: number[]): Record<number, TSchema> {
  return Object.fromEntries(statuses.map((status) => [status, ErrorBodySchema]));
}
