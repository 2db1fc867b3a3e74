/** The signed-in user's treasurer invitations: list, accept, decline (only the invited user can). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { TreasurerInvitationListSchema, TreasurerSchema, type TreasurerInvitation } from '../../../../shared/contract/treasurers';
import { ApiError } from '../../../lib/api-error';
import { isUuid } from '../../../repositories/search';
import { errorResponses } from '../../shared-schemas';
import { toTreasurer } from '../causes/treasurers/index';
import { english } from '../../../lib/localize';

const CauseParams = Type.Object({ cause_id: Type.String({ maxLength: 100 }) });
const noInvitation = () => new ApiError(404, 'not_found', english('errors.treasurer.noInvitation'));

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const security = [{ bearer: [] }];

  app.get(
    '/',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['treasurers'],
        security,
        summary: 'Your pending treasurer invitations, newest first',
        response: { 200: TreasurerInvitationListSchema, ...errorResponses(401) },
      },
    },
    async (request): Promise<TreasurerInvitation[]> => {
      const rows = await app.repos.treasurers.invitations(request.user!.id);
      return rows.map((r) => ({
        cause_id: r.causeId,
        cause_title: r.causeTitle,
        organizer_name: r.organizerName,
        invited_at: r.invitedAt.toISOString(),
      }));
    },
  );

  app.post(
    '/:cause_id/accept/',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['treasurers'],
        security,
        summary: 'Accept your invitation: you approve the withdrawals of this cause from now on',
        params: CauseParams,
        response: { 200: TreasurerSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const { cause_id: causeId } = request.params;
      const user = request.user!;
      if (!isUuid(causeId) || !(await app.repos.treasurers.respond(causeId, user.id, true))) throw noInvitation();
      return toTreasurer((await app.repos.treasurers.one(causeId, user.id))!);
    },
  );

  app.post(
    '/:cause_id/decline/',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['treasurers'],
        security,
        summary: 'Decline your invitation (the organizer may invite you again)',
        params: CauseParams,
        response: { 204: Type.Null(), ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      const { cause_id: causeId } = request.params;
      if (!isUuid(causeId) || !(await app.repos.treasurers.respond(causeId, request.user!.id, false))) throw noInvitation();
      return reply.code(204).send(null);
    },
  );
};

export default routes;
