/**
 * Anyone's public profile (organizer pages). The response schema lists only
 * public fields, so private ones could not leak even if added to the object.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { PublicProfileSchema, type PublicProfile } from '../../../../../shared/contract/account';
import { ApiError } from '../../../../lib/api-error';
import { PUBLIC_STATUSES } from '../../../../repositories/causes';
import { isUuid } from '../../../../repositories/search';
import { errorResponses } from '../../../shared-schemas';
import { imageUrls } from '../profile/serialize';
import { english } from '../../../../lib/localize';

/** Profiles list up to 6 causes (spec §9). */
const PROFILE_CAUSES = 6;

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/profiles/:id/',
    {
      schema: {
        tags: ['profile'],
        summary: "A user's public profile (your own lists all your causes' statuses)",
        params: Type.Object({ id: Type.String({ maxLength: 100 }) }),
        response: { 200: PublicProfileSchema, ...errorResponses(404) },
      },
    },
    async (request): Promise<PublicProfile> => {
      const { id } = request.params;
      const user = isUuid(id) ? await app.repos.users.findById(id) : null;
      if (!user || !user.isActive) throw new ApiError(404, 'not_found', english('errors.notFound.user'));
      const viewer = await app.optionalUser(request);
      const own = viewer?.id === user.id;
      const [states, causes] = await Promise.all([
        app.repos.causes.countByStatus(user.id),
        app.repos.causes.namesOf(user.id, own ? null : PUBLIC_STATUSES, PROFILE_CAUSES),
      ]);
      const created = own ? Object.values(states).reduce((a, b) => a + b, 0) : states.active + states.completed;
      return {
        id: user.id,
        name: `${user.firstName} ${user.lastName}`.trim(),
        first_name: user.firstName,
        last_name: user.lastName,
        occupation: user.occupation,
        bio: user.bio,
        interests: user.bio,
        profile_picture: imageUrls(user.profilePicture).main,
        cover_photo: imageUrls(user.coverPhoto).main,
        is_verified: user.isVerified,
        role: user.role,
        causes_created: created,
        causes_active: states.active,
        causes,
        created_at: user.createdAt.toISOString(),
      };
    },
  );
};

export default routes;
