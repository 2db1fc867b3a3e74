/** Web Push: the VAPID public key, and the caller's browser subscriptions. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { validationError } from '../../../lib/api-error';
import { pushEndpointProblem } from '../../../push/sender';
import { errorResponses } from '../../shared-schemas';
import { PushPublicKeySchema, PushSubscribeBody, PushSubscriptionSchema, PushUnsubscribeBody } from '../../../../shared/contract/push';
import { english } from '../../../lib/localize';

/** Bytes a base64url field must decode to; web-push fails at send time otherwise. */
function keyProblems(p256dh: string, auth: string): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const p = Buffer.from(p256dh, 'base64url');
  if (p.length !== 65 || p[0] !== 0x04) errors.p256dh = [english('errors.push.badKey')];
  if (Buffer.from(auth, 'base64url').length !== 16) errors.auth = [english('errors.push.badAuth')];
  return errors;
}

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const repo = app.repos.pushSubscriptions;
  const security = [{ bearer: [] }];

  app.get(
    '/public-key/',
    {
      schema: { tags: ['push'], summary: 'VAPID public key for PushManager.subscribe()', response: { 200: PushPublicKeySchema } },
    },
    async () => ({ public_key: app.push.keys.publicKey }),
  );

  app.post(
    '/subscribe/',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['push'],
        summary: "Store this browser's push subscription for you (upsert by endpoint)",
        security,
        body: PushSubscribeBody,
        response: { 201: PushSubscriptionSchema, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      const { endpoint, keys } = request.body;
      const problem = pushEndpointProblem(endpoint, app.config.push.allowInsecureEndpoints);
      if (problem) throw validationError({ endpoint: [problem] });
      const errors = keyProblems(keys.p256dh, keys.auth);
      if (Object.keys(errors).length > 0) throw validationError(errors);
      const row = await repo.upsert(request.user!.id, {
        endpoint,
        p256dh: keys.p256dh,
        auth: keys.auth,
        userAgent: String(request.headers['user-agent'] ?? '')
          // eslint-disable-next-line no-control-regex -- removing control characters is the point
          .replace(/[\u0000-\u001f\u007f]/g, '')
          .slice(0, 300),
      });
      return reply.code(201).send({ endpoint: row.endpoint, created_at: row.createdAt.toISOString() });
    },
  );

  app.post(
    '/unsubscribe/',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['push'],
        summary: 'Forget one of your push subscriptions (204 even if it was already gone)',
        security,
        body: PushUnsubscribeBody,
        response: { 204: Type.Null(), ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      // Someone else's endpoint is left alone: a stale client cannot silence another account.
      await repo.removeOwn(request.user!.id, request.body.endpoint);
      return reply.code(204).send(null);
    },
  );
};

export default routes;
