/** The profile as GET /api/user/profile/ answers it (spec §3, with the aliases the spec names). */
import type { Static } from 'typebox';
import type { ProfileSchema } from './contract/profile';

export type Profile = Static<typeof ProfileSchema>;

/** Uploaded images: the server checks content, not the name. */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
