/** A signed-in user's extras on the wire: dashboard summary, public profiles, favorites, notifications (spec §2, §3). */
import { Type, type Static } from 'typebox';
import { DateTime, Nullable, UserRoleSchema } from './common';

/** GET /api/user/profiles/{id}/: no email, phone, address or withdrawal details. */
export const PublicProfileSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  first_name: Type.String(),
  last_name: Type.String(),
  occupation: Type.String(),
  bio: Type.String(),
  interests: Type.String(),
  profile_picture: Nullable(Type.String()),
  cover_photo: Nullable(Type.String()),
  is_verified: Type.Boolean(),
  role: UserRoleSchema,
  causes_created: Type.Integer(),
  causes_active: Type.Integer(),
  /** Up to 6 of the user's public causes (own profile: all statuses). */
  causes: Type.Array(Type.Object({ id: Type.String(), name: Type.String(), status: Type.String() })),
  created_at: DateTime,
});
export type PublicProfile = Static<typeof PublicProfileSchema>;

/** GET /api/user/dashboard/?month=YYYY-MM */
export const DashboardSummarySchema = Type.Object({
  /** Months with activity (YYYY-MM), newest first, always including the current month. */
  months: Type.Array(Type.String()),
  month: Type.String(),
  /** Decimal strings. */
  donated_in_month: Type.String(),
  donations_in_month: Type.Integer(),
  raised_in_month: Type.String(),
  unread_notifications: Type.Integer(),
  causes: Type.Object({ total: Type.Integer(), active: Type.Integer(), under_review: Type.Integer(), rejected: Type.Integer() }),
});
export type DashboardSummary = Static<typeof DashboardSummarySchema>;

/**
 * What a notification is about, so a client acts on it in any language: a treasurer's `withdrawal_approval` leads
 * to the cause's withdrawals, a `treasurer_invitation` is answered where it is shown, `general` opens its cause.
 */
export const NOTIFICATION_KINDS = ['general', 'withdrawal_approval', 'treasurer_invitation'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const NotificationSchema = Type.Object({
  id: Type.String(),
  message: Type.String(),
  title: Type.String(),
  kind: Type.Enum([...NOTIFICATION_KINDS], {
    description: 'What it is about: general, withdrawal_approval (a treasurer is asked) or treasurer_invitation.',
  }),
  cause: Nullable(Type.String(), "The cause's title (spec §3), or null."),
  cause_id: Nullable(Type.String(), 'The id of that cause (links go to /causes/{cause_id}), or null.'),
  cause_title: Nullable(Type.String(), 'Same as cause (older clients read this).'),
  is_read: Type.Boolean(),
  created_at: DateTime,
});
export type Notification = Static<typeof NotificationSchema>;

/** POST /api/favorites/ answer. */
export const FavoriteSchema = Type.Object({ cause_id: Type.String(), is_favorite: Type.Boolean() });

/** GET /api/notifications/unread-count/ */
export const UnreadCountSchema = Type.Object({ count: Type.Integer() });
export type UnreadCount = Static<typeof UnreadCountSchema>;
