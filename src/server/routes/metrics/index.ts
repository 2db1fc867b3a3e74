/**
 * GET /metrics on the public port: only with METRICS_TOKEN and no METRICS_PORT, and only for a scrape
 * that sends `Authorization: Bearer <METRICS_TOKEN>` (401 otherwise). Without the token the path is
 * an unknown route (404), never the web app. Out of the OpenAPI document: it is for Prometheus, not clients.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ErrorBodySchema } from '../../../shared/contract/common';
import { bearerMatches, METRICS_UNAUTHORIZED } from '../../plugins/app/metrics';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const { token, port } = app.config.metrics;
  const metrics = app.metrics;
  if (token === null || port !== null || metrics === null) return;
  app.get(
    '/metrics',
    {
      schema: {
        hide: true,
        headers: Type.Object({ authorization: Type.Optional(Type.String({ maxLength: 512 })) }),
        response: { 200: Type.String({ description: 'Prometheus text format 0.0.4.' }), 401: ErrorBodySchema },
      },
      config: { idempotent: false },
    },
    async (request, reply) => {
      if (!bearerMatches(request.headers.authorization, token)) {
        return reply.code(401).header('www-authenticate', 'Bearer realm="metrics"').send(METRICS_UNAUTHORIZED);
      }
      return reply
        .type(metrics.contentType)
        .header('cache-control', 'no-store')
        .send(await metrics.render());
    },
  );
};

export default routes;
