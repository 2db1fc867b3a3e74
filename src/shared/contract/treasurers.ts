/** Treasurers of a cause and their invitations on the wire (GET/POST /api/causes/{id}/treasurers/, /api/treasurer-invitations/). */
import { Type, type Static } from 'typebox';
import { DateTime, Nullable } from './common';
import { TREASURER_DECISIONS, TREASURER_STATUSES } from './statuses';

export const TreasurerStatusSchema = Type.Enum([...TREASURER_STATUSES]);
export const TreasurerDecisionSchema = Type.Enum([...TREASURER_DECISIONS]);

/** POST /api/causes/{id}/treasurers/: the invitee's account email. */
export const TreasurerInviteBody = Type.Object({ email: Type.String({ maxLength: 254 }) });

export const TreasurerSchema = Type.Object({
  user_id: Type.String({ format: 'uuid' }),
  email: Type.String(),
  name: Type.String(),
  status: TreasurerStatusSchema,
  invited_at: DateTime,
  accepted_at: Nullable(DateTime),
});
export type Treasurer = Static<typeof TreasurerSchema>;

/** GET /api/causes/{id}/treasurers/ (organizer, its treasurers, admins). */
export const TreasurerListSchema = Type.Object({
  cause_id: Type.String({ format: 'uuid' }),
  max_treasurers: Type.Integer(),
  /** The caller's own part: organizer, treasurer (accepted), invited, or admin. */
  your_role: Type.Enum(['organizer', 'treasurer', 'invited', 'admin']),
  treasurers: Type.Array(TreasurerSchema),
});
export type TreasurerList = Static<typeof TreasurerListSchema>;

/** GET /api/treasurer-invitations/: the signed-in user's pending invitations. */
export const TreasurerInvitationSchema = Type.Object({
  cause_id: Type.String({ format: 'uuid' }),
  cause_title: Type.String(),
  organizer_name: Type.String(),
  invited_at: DateTime,
});
export type TreasurerInvitation = Static<typeof TreasurerInvitationSchema>;

export const TreasurerInvitationListSchema = Type.Array(TreasurerInvitationSchema);

/** A treasurer's decision on a withdrawal, as listed with it. */
export const WithdrawalDecisionSchema = Type.Object({
  treasurer_id: Type.String({ format: 'uuid' }),
  name: Type.String(),
  decision: TreasurerDecisionSchema,
  at: DateTime,
});
export type WithdrawalDecision = Static<typeof WithdrawalDecisionSchema>;
