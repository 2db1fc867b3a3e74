/**
 * A cause's treasurers (under the /api/causes prefix): the organizer invites up to 3 registered
 * users by email and removes them; the organizer, accepted treasurers and admins see the list.
 * Acceptance is /api/treasurer-invitations/; approvals are /api/withdrawals/{id}/approve|reject/.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  TreasurerInviteBody,
  TreasurerListSchema,
  TreasurerSchema,
  type Treasurer,
  type TreasurerList,
} from '../../../../../shared/contract/treasurers';
import { ApiError, BLANK, validationError } from '../../../../lib/api-error';
import { siteOrigin } from '../../../../lib/site-origin';
import { treasurerInvitationMail } from '../../../../mail/treasurer-mail';
import { recountAwaiting } from '../../../../payouts/treasurer-decision';
import { isUuid } from '../../../../repositories/search';
import { MAX_TREASURERS, type TreasurerView } from '../../../../repositories/treasurers';
import type { AuthUser } from '../../../../lib/tokens';
import { errorResponses } from '../../../shared-schemas';
import { canSee, causeNotFound } from '../index';
import { IdParams } from '../schemas';
import { english, localeOf } from '../../../../lib/localize';

const MemberParams = Type.Object({ id: Type.String({ maxLength: 100 }), user_id: Type.String({ maxLength: 100 }) });
const ORGANIZER_ONLY = english('errors.permission.changeTreasurers');
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function toTreasurer(t: TreasurerView): Treasurer {
  return {
    user_id: t.userId,
    email: t.email,
    name: t.name,
    status: t.status,
    invited_at: t.invitedAt.toISOString(),
    accepted_at: t.acceptedAt ? t.acceptedAt.toISOString() : null,
  };
}

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const security = [{ bearer: [] }];

  /** The cause and the caller's part in it; a cause the caller may not see at all is a 404. */
  async function load(id: string, user: AuthUser) {
    const cause = isUuid(id) ? await app.repos.causes.find(id) : null;
    if (!cause) throw causeNotFound();
    const role =
      cause.organizerId === user.id
        ? ('organizer' as const)
        : user.role === 'admin'
          ? ('admin' as const)
          : await app.repos.treasurers.statusOf(cause.id, user.id);
    if (!canSee(cause, user) && role === null) throw causeNotFound();
    return { cause, role };
  }

  app.get(
    '/:id/treasurers/',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['treasurers'],
        security,
        summary: "A cause's treasurers with their status (organizer, accepted treasurers, admins)",
        params: IdParams,
        response: { 200: TreasurerListSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request): Promise<TreasurerList> => {
      const { cause, role } = await load(request.params.id, request.user!);
      if (role === null || role === 'invited') {
        throw new ApiError(403, 'permission_denied', english('errors.permission.treasurers'));
      }
      const treasurers = await app.repos.treasurers.list(cause.id);
      return {
        cause_id: cause.id,
        max_treasurers: MAX_TREASURERS,
        your_role: role === 'accepted' ? 'treasurer' : role,
        treasurers: treasurers.map(toTreasurer),
      };
    },
  );

  app.post(
    '/:id/treasurers/',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['treasurers'],
        security,
        summary: 'Invite a registered user (by email) to be a treasurer; at most 3 (organizer)',
        params: IdParams,
        body: TreasurerInviteBody,
        response: { 201: TreasurerSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const { cause, role } = await load(request.params.id, request.user!);
      if (role !== 'organizer') throw new ApiError(403, 'permission_denied', ORGANIZER_ONLY);
      const email = request.body.email.trim();
      if (!email) throw validationError({ email: [BLANK] });
      if (!EMAIL_SHAPE.test(email)) throw validationError({ email: [english('errors.field.email')] });
      const invited = await app.repos.transaction(async (repos) => {
        const outcome = await repos.treasurers.invite(cause.id, email);
        if (outcome.kind !== 'ok') return outcome;
        const organizer = await repos.users.findById(cause.organizerId);
        const link = `${siteOrigin(app, request)}/notificationspage`;
        const t = outcome.treasurer;
        const from = organizer ? `${organizer.firstName} ${organizer.lastName}`.trim() : '';
        await repos.mail.queue(treasurerInvitationMail({ to: t.email, name: t.name, locale: localeOf(t.locale) }, cause.name, from, link));
        return outcome;
      });
      switch (invited.kind) {
        case 'ok':
          return reply.code(201).send(toTreasurer(invited.treasurer));
        case 'not_found':
          throw causeNotFound();
        case 'unknown_email':
          throw validationError({ email: [english('errors.treasurer.noAccount')] });
        case 'self':
          throw validationError({ email: [english('errors.treasurer.organizerSelf')] });
        case 'exists':
          throw new ApiError(409, 'conflict', english('errors.treasurer.already'), {
            email: [english('errors.treasurer.already')],
          });
        case 'full':
          throw new ApiError(409, 'conflict', english('errors.treasurer.tooMany', { max: MAX_TREASURERS }), {
            email: [english('errors.treasurer.tooMany', { max: MAX_TREASURERS })],
          });
      }
    },
  );

  app.delete(
    '/:id/treasurers/:user_id/',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['treasurers'],
        security,
        summary: 'Remove a treasurer or withdraw an invitation (organizer); waiting withdrawals are counted again',
        params: MemberParams,
        response: { 204: Type.Null(), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { cause, role } = await load(request.params.id, request.user!);
      if (role !== 'organizer') throw new ApiError(403, 'permission_denied', ORGANIZER_ONLY);
      const removed = isUuid(request.params.user_id) && (await app.repos.treasurers.remove(cause.id, request.params.user_id));
      if (!removed) throw new ApiError(404, 'not_found', english('errors.treasurer.notTreasurer'));
      await recountAwaiting(app, cause.id, request);
      return reply.code(204).send(null);
    },
  );
};

export default routes;
