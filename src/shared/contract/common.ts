/**
 * Pieces every contract module uses: nullable fields, amounts, pagination and the error body.
 * The schemas in src/shared/contract are the one description of the API: the server validates,
 * serializes and documents (OpenAPI) with them, and the type beside each schema is its
 * `Static<typeof …>`, so a field renamed on one side fails type checking on the other.
 * The web imports these modules with `import type` only (the linter refuses a value import), so no
 * schema code reaches its bundle; plain values they use live in modules that import nothing of ours.
 */
import { Type, type Static, type TSchema } from 'typebox';
import { ERROR_CODES } from '../api-errors';
import { CAUSE_MAX_PAGE_SIZE } from '../cause-list';
import { LOCALES } from '../i18n/locales';

export const Nullable = <T extends TSchema>(schema: T, description?: string) =>
  Type.Union([schema, Type.Null()], description === undefined ? {} : { description });

/** An amount in a request: checked in the handler (parseAmount) so every problem has its own message. */
export const AmountInput = Type.Union([Type.String({ maxLength: 40 }), Type.Number()], { description: 'GHS, e.g. "25.00" or 25' });

export const DateTime = Type.String({ format: 'date-time' });

/** Width in px → image path (WebP), or null. */
export const ImageSizes = Nullable(Type.Record(Type.String(), Type.String()));

/**
 * Every field named `image`: the picture as an absolute URL (PUBLIC_URL, else the address the request
 * came to), because the spec's client shows it as it comes. Every other image field is a path.
 */
export const ImageUrl = Nullable(
  Type.String(),
  'Absolute URL of the picture (PUBLIC_URL, else the address asked), or null. The other image fields are paths to join to the API address.',
);

export const UserRoleSchema = Type.Union([Type.Literal('user'), Type.Literal('admin')]);
export type Role = Static<typeof UserRoleSchema>;

/** One of the languages Boafo speaks: en, ak (Twi), ee (Ewe), ha (Hausa), gaa (Ga). */
export const LocaleSchema = Type.Enum([...LOCALES], {
  description: "A language: en (English), ak (Twi), ee (Ewe), ha (Hausa) or gaa (Ga). Mail, receipts and the API's texts speak it.",
});

export const PageParams = {
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, description: '1-based page number.' })),
  page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: CAUSE_MAX_PAGE_SIZE, description: `At most ${CAUSE_MAX_PAGE_SIZE}.` })),
};

export const PageQuery = Type.Object(PageParams);

export function PaginatedOf<T extends TSchema>(item: T) {
  return Type.Object({
    count: Type.Integer(),
    next: Nullable(Type.String({ description: 'Absolute URL of the next page, or null.' })),
    previous: Nullable(Type.String()),
    results: Type.Array(item),
  });
}
/** A page of a list; `next`/`previous` are absolute URLs of the neighbouring pages, or null. */
export type Paginated<T> = Omit<Static<ReturnType<typeof PaginatedOf>>, 'results'> & { results: T[] };

export const ErrorBodySchema = Type.Object(
  {
    detail: Type.String(),
    code: Type.Enum([...ERROR_CODES]),
    errors: Type.Optional(Type.Record(Type.String(), Type.Array(Type.String()))),
  },
  { description: 'Every non-2xx answer. `errors` maps field names to messages (field errors only).' },
);
export type ApiErrorBody = Static<typeof ErrorBodySchema>;

/** On every call that starts a payment: where the donor comes back to (payments/return-origin.ts). */
export const ReturnFields = {
  return_url: Type.Optional(
    Type.String({
      maxLength: 2000,
      description:
        'An address on this site or on a client named in CORS_ORIGINS: after paying, the donor lands on that ' +
        "origin's /payment-status?reference=…. Without it: the calling page's origin when allowed, else this site.",
    }),
  ),
};
