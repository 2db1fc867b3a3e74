/** Causes and categories on the wire (spec §3, §7, §9). Amounts are GHS decimal strings ("250.00"). */
import { Type, type Static } from 'typebox';
import { CAUSE_ORDERINGS } from '../cause-list';
import { DateTime, ImageSizes, ImageUrl, Nullable, PageParams } from './common';
import { CAUSE_STATUSES } from './statuses';

export const CauseStatusSchema = Type.Enum([...CAUSE_STATUSES]);
export type CauseStatus = Static<typeof CauseStatusSchema>;

export const CategoryRefSchema = Type.Object({ id: Type.String(), name: Type.String() });
export type CategoryRef = Static<typeof CategoryRefSchema>;

/** GET /api/categories/: [{id, name}] by name. */
export const CategoryListSchema = Type.Array(Type.Object({ id: Type.String({ format: 'uuid' }), name: Type.String() }));

export const CauseSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  name: Type.String(),
  title: Type.String({ description: 'Same as name (the spec reads name or title).' }),
  description: Type.String(),
  // cover_image and its sizes: paths on the API server (`/media/<hash>`, join them to its address) or null.
  // `image` is the same picture as an absolute URL (PUBLIC_URL, else the address asked), shown as it comes.
  cover_image: Nullable(Type.String()),
  image: ImageUrl,
  cover_image_sizes: ImageSizes,
  target_amount: Type.String({ description: 'GHS decimal string; "0.00" = no goal.' }),
  current_amount: Type.String(),
  organizer_id: Type.String({ format: 'uuid' }),
  organizer_name: Type.String(),
  category: Nullable(CategoryRefSchema),
  location: Type.String(),
  created_at: DateTime,
  updated_at: DateTime,
  status: CauseStatusSchema,
  is_active: Type.Boolean(),
  /** Completed causes keep accepting donations only when the organizer allows it. */
  accepts_donations_after_goal: Type.Boolean(),
  /** Whether the cause takes donations right now (active, or completed and allowed). */
  accepts_donations: Type.Boolean(),
  /** Distinct completed donors. */
  donor_count: Type.Integer(),
  /** Set when an admin rejected it; shown to the organizer only. */
  rejection_reason: Nullable(Type.String()),
  /** Only when the request carried a valid token: whether the caller favorited it. */
  is_favorite: Type.Optional(Type.Boolean()),
  /** Only for the organizer (and admins) on the details answer: donors with an active monthly gift to it. */
  recurring_donors: Type.Optional(Type.Integer()),
  /** Last day (UTC, YYYY-MM-DD) it takes donations; the day after, it closes by itself. null = no end date. */
  end_date: Type.Optional(Nullable(Type.String({ format: 'date' }))),
  /** Six digits given at approval and never reused: typed on a feature phone (USSD) and printed on posters. null before approval. */
  short_code: Type.Optional(Nullable(Type.String({ pattern: '^[1-9][0-9]{5}$' }))),
  /** What a phone dials to give to it (`*920*44*123456#`); null without a code or when USSD_SERVICE_CODE is unset. */
  ussd_dial: Type.Optional(Nullable(Type.String())),
});
export type Cause = Static<typeof CauseSchema>;

export const CauseListQuery = Type.Object({
  ...PageParams,
  search: Type.Optional(Type.String({ maxLength: 200 })),
  category: Type.Optional(Type.String({ maxLength: 100 })),
  ordering: Type.Optional(
    Type.Enum([...CAUSE_ORDERINGS] as string[], { description: 'date_created (default), popularity, created_by, category, goal_amount' }),
  ),
  organizer_id: Type.Optional(Type.String({ format: 'uuid' })),
});

const File = Type.Optional(Type.Unknown({ description: 'Image file (multipart). JSON: null removes it (edit only).' }));
const Text = (maxLength: number) => Type.Optional(Type.String({ maxLength }));
const Flag = Type.Optional(Type.Union([Type.Boolean(), Type.String({ maxLength: 5 })]));

/**
 * Create and edit take the same fields, multipart or JSON. Required fields are
 * checked in the handler so every problem is reported at once in one style.
 * status and current_amount are not listed: they are never taken from a client.
 */
export const CauseWriteBody = Type.Object({
  name: Text(200),
  title: Text(200),
  description: Text(10_000),
  target_amount: Type.Optional(Type.Union([Type.String({ maxLength: 20 }), Type.Number()])),
  organizer_id: Text(100),
  category: Type.Optional(
    Type.Union([Type.String({ maxLength: 100 }), Type.Object({ name: Type.Optional(Type.String({ maxLength: 100 })) })]),
  ),
  category_data: Type.Optional(
    Type.Union([Type.String({ maxLength: 1000 }), Type.Object({ name: Type.Optional(Type.String({ maxLength: 100 })) }), Type.Null()]),
  ),
  location: Text(200),
  accepts_donations_after_goal: Flag,
  cover_image: File,
  end_date: Type.Optional(
    Nullable(Type.String({ maxLength: 30 }), 'YYYY-MM-DD, after today and at most a year ahead (UTC). null or "" removes it (edit only).'),
  ),
});
