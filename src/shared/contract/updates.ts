/** A cause's updates and its donors' words of support on the wire. */
import { Type, type Static } from 'typebox';
import { SUPPORT_MESSAGE_MAX, UPDATE_BODY_MAX } from '../limits';
import { DateTime, ImageSizes, ImageUrl, Nullable, PageParams } from './common';

/** GET /api/causes/{id}/updates/ item. `image` is an absolute URL like every `image` field; image_sizes holds paths. */
export const CauseUpdateSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  cause_id: Type.String({ format: 'uuid' }),
  body: Type.String(),
  image: ImageUrl,
  image_sizes: ImageSizes,
  author_name: Type.String(),
  created_at: DateTime,
});
export type CauseUpdate = Static<typeof CauseUpdateSchema>;

/** POST /api/causes/{id}/updates/: JSON {body}, or multipart with an optional `image` file. */
export const CauseUpdateBody = Type.Object({
  body: Type.Optional(Type.String({ maxLength: UPDATE_BODY_MAX })),
  image: Type.Optional(Type.Unknown({ description: 'Image file (multipart).' })),
});

/** GET /api/causes/{id}/messages/ item: donor_name is null for anonymous donations. */
export const SupportMessageSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  message: Type.String(),
  donor_name: Nullable(Type.String()),
  created_at: DateTime,
});
export type SupportMessage = Static<typeof SupportMessageSchema>;

export const CauseFeedQuery = Type.Object(PageParams);

export const HideParams = Type.Object({ id: Type.String({ maxLength: 100 }), donation_id: Type.String({ maxLength: 100 }) });

/** The message field every donation request may carry (cart donate, checkout, POST /api/donations/). */
export const SupportMessageField = Type.Optional(
  Type.Union([Type.String({ maxLength: SUPPORT_MESSAGE_MAX }), Type.Null()], {
    description: `Words of support shown on the cause page once the donation is paid (at most ${SUPPORT_MESSAGE_MAX} characters).`,
  }),
);
