/** Cause schemas; CauseResponse mirrors Cause in src/shared/cause-contract.ts. */
import { Type } from 'typebox';
import { CAUSE_ORDERINGS } from '../../../../shared/cause-contract';
import { CAUSE_STATUSES } from '../../../db/schema';
import { PageParams } from '../../pagination';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);

export const CauseStatusSchema = Type.Enum([...CAUSE_STATUSES]);

export const CauseResponse = Type.Object({
  id: Type.String({ format: 'uuid' }),
  name: Type.String(),
  title: Type.String(),
  description: Type.String(),
  cover_image: Nullable(Type.String()),
  image: Nullable(Type.String()),
  cover_image_sizes: Nullable(Type.Record(Type.String(), Type.String())),
  target_amount: Type.String({ description: 'GHS decimal string; "0.00" = no goal.' }),
  current_amount: Type.String(),
  organizer_id: Type.String({ format: 'uuid' }),
  organizer_name: Type.String(),
  category: Nullable(Type.Object({ id: Type.String(), name: Type.String() })),
  location: Type.String(),
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
  status: CauseStatusSchema,
  is_active: Type.Boolean(),
  accepts_donations_after_goal: Type.Boolean(),
  accepts_donations: Type.Boolean(),
  donor_count: Type.Integer(),
  rejection_reason: Nullable(Type.String()),
  is_favorite: Type.Optional(Type.Boolean()),
});

export const CauseListQuery = Type.Object({
  ...PageParams,
  search: Type.Optional(Type.String({ maxLength: 200 })),
  category: Type.Optional(Type.String({ maxLength: 100 })),
  ordering: Type.Optional(Type.Enum(Object.keys(CAUSE_ORDERINGS), { description: 'date_created (default), popularity, created_by, category, goal_amount' })),
  organizer_id: Type.Optional(Type.String({ format: 'uuid' })),
});

export const IdParams = Type.Object({ id: Type.String({ maxLength: 100 }) });

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
  category: Type.Optional(Type.Union([Type.String({ maxLength: 100 }), Type.Object({ name: Type.Optional(Type.String({ maxLength: 100 })) })])),
  category_data: Type.Optional(Type.Union([Type.String({ maxLength: 1000 }), Type.Object({ name: Type.Optional(Type.String({ maxLength: 100 })) }), Type.Null()])),
  location: Text(200),
  accepts_donations_after_goal: Flag,
  cover_image: File,
});

