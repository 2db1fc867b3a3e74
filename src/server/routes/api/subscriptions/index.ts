/**
 * A donor's monthly gifts: GET lists them, DELETE cancels one. Someone else's gift is a 404
 * (its code says nothing to them); cancelling a cancelled gift is a 204 again, so a retried
 * cancel from a phone with a bad connection never shows an error for what already happened.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiError } from '../../../lib/api-error';
import { cancelMonthly, subscriptionSummary } from '../../../payments/subscriptions';
import { errorResponses } from '../../shared-schemas';
import { SubscriptionCodeParams, SubscriptionListSchema } from '../../../../shared/contract/subscriptions';
import { Type } from 'typebox';
import { english } from '../../../lib/localize';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['subscriptions'],
        summary: 'Your monthly gifts, newest first (pending until the first month is paid, active, cancelled)',
        security: [{ bearer: [] }],
        response: { 200: SubscriptionListSchema, ...errorResponses(401) },
      },
    },
    async (request) => (await app.repos.subscriptions.listForUser(request.user!.id)).map(subscriptionSummary),
  );

  app.delete(
    '/:code/',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['subscriptions'],
        summary: 'Cancel your monthly gift: no later month is charged. 204, also when it was cancelled already',
        security: [{ bearer: [] }],
        params: SubscriptionCodeParams,
        response: { 204: Type.Null(), ...errorResponses(401, 404, 502) },
      },
    },
    async (request, reply) => {
      const subscription = await app.repos.subscriptions.find({ code: request.params.code });
      if (!subscription || subscription.userId !== request.user!.id)
        throw new ApiError(404, 'not_found', english('errors.notFound.monthlyGift'));
      await cancelMonthly(app, subscription);
      return reply.code(204).send(null);
    },
  );
};

export default routes;
