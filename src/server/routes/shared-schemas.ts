/** Schemas several routes share: the error body and its per-status listing for OpenAPI. */
import { Type, type TSchema } from 'typebox';
import { ERROR_CODES } from '../../shared/api-errors';

export const ErrorBody = Type.Object({
  detail: Type.String(),
  code: Type.Union(ERROR_CODES.map((code) => Type.Literal(code))),
  errors: Type.Optional(Type.Record(Type.String(), Type.Array(Type.String()))),
}, { description: 'Every non-2xx answer. `errors` maps field names to messages (field errors only).' });

/** `{400: ErrorBody, 401: ErrorBody, ...}` for a route's response schema. */
export function errorResponses(...statuses: number[]): Record<number, TSchema> {
  return Object.fromEntries(statuses.map((status) => [status, ErrorBody]));
}

export const DetailBody = Type.Object({ detail: Type.String() });

/** On every call that starts a payment: where the donor comes back to (payments/return-origin.ts). */
export const ReturnFields = {
  return_url: Type.Optional(Type.String({
    maxLength: 2000,
    description: 'An address on this site or on a client named in CORS_ORIGINS: after paying, the donor lands on that '
      + "origin's /payment-status?reference=…. Without it: the calling page's origin when allowed, else this site.",
  })),
};
