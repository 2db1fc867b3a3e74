/** The profile as GET /api/user/profile/ answers it and PUT takes it (spec §3, with the aliases the spec names). */
import { Type, type Static } from 'typebox';
import { DateTime, LocaleSchema, Nullable, UserRoleSchema } from './common';

const Sizes = Nullable(Type.Record(Type.String(), Type.String(), { description: 'Width in px → image path (WebP).' }));
/** Any JSON object; typed as a record so clients can read its fields. */
const AnyObject = Type.Unsafe<Record<string, unknown>>(Type.Object({}, { additionalProperties: true }));

export const ProfileSchema = Type.Object({
  id: Type.String(),
  user_id: Type.String(),
  first_name: Type.String(),
  last_name: Type.String(),
  first: Type.String(),
  last: Type.String(),
  given_name: Type.String(),
  family_name: Type.String(),
  name: Type.String(),
  username: Type.String(),
  email: Type.String(),
  role: UserRoleSchema,
  occupation: Type.String(),
  job_title: Type.String(),
  bio: Type.String(),
  interests: Type.String(),
  phone_number: Type.String(),
  phone: Type.String(),
  address: Type.String(),
  /** Object form; sent on PUT as JSON text. */
  withdrawal_address: Nullable(AnyObject),
  /** Paths on the API server (`/media/<hash>`, join them to its address) or null. */
  profile_picture: Nullable(Type.String()),
  profile_picture_sizes: Sizes,
  cover_photo: Nullable(Type.String()),
  cover_photo_sizes: Sizes,
  is_verified: Type.Boolean(),
  created_at: DateTime,
  causes_created: Type.Integer({ description: 'All your causes, any status.' }),
  causes_active: Type.Integer(),
  /** Not in the spec's payload: clients that do not know it ignore it. */
  locale: Nullable(LocaleSchema, "The language chosen for mail, receipts and API texts; null = not chosen (each request's own language)."),
  sms: Type.Object(
    {
      phone: Nullable(Type.String({ description: 'phone_number as 233XXXXXXXXX, or null when it is not a Ghana mobile number.' })),
      status: Type.Enum(['agreed', 'stopped', 'none'], {
        description: 'agreed: texts go to this number; stopped: it replied STOP (or the box was unticked); none: never asked.',
      }),
      source: Nullable(Type.String({ description: 'Where it was last said: donation, profile, ussd or sms (a reply).' })),
      changed_at: Nullable(DateTime),
    },
    {
      description: "Texts (SMS) to the profile phone: receipts, news of causes you gave to, your causes' first gift, goal and withdrawals.",
    },
  ),
});
export type Profile = Static<typeof ProfileSchema>;

const Text = (maxLength: number) => Type.Optional(Type.String({ maxLength }));
const File = Type.Optional(Type.Unknown({ description: 'Image file (multipart). JSON: null removes the picture.' }));

/** PUT /api/user/profile/: every field optional; aliases (job_title, interests, phone) accepted too. */
export const ProfileUpdateBody = Type.Object({
  first_name: Text(150),
  last_name: Text(150),
  occupation: Text(200),
  job_title: Text(200),
  bio: Text(2000),
  interests: Text(2000),
  phone_number: Text(32),
  phone: Text(32),
  address: Text(500),
  withdrawal_address: Type.Optional(
    Type.Union([Type.String({ maxLength: 4000, description: 'JSON text of an object' }), AnyObject, Type.Null()]),
  ),
  profile_picture: File,
  cover_photo: File,
  /** Optional beyond the spec's form; "" or null clears the choice. */
  locale: Type.Optional(Type.Union([LocaleSchema, Type.Literal(''), Type.Null()])),
  sms_opt_in: Type.Optional(
    Type.Boolean({
      description: 'true: texts go to phone_number (must be a Ghana mobile, else 400 errors.phone_number); false: no more texts to it.',
    }),
  ),
});
