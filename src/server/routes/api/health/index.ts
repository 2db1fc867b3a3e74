/**
 * Health checks for scripts, load balancers and the PWA's online probe. `/health/` and `/health/live`
 * answer whenever the process does; `/health/ready` only while this process should get traffic
 * (database reachable, every migration applied, not draining), else 503.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBodySchema, type ApiErrorBody } from '../../../../shared/contract/common';
import { LivenessSchema, ReadinessSchema } from '../../../../shared/contract/health';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const alive = async () => ({ status: 'ok' as const });
  app.get(
    '/health/',
    { schema: { tags: ['system'], summary: 'Health check (the process answers)', response: { 200: LivenessSchema } } },
    alive,
  );
  app.get(
    '/health/live/',
    { schema: { tags: ['system'], summary: 'Liveness: the process answers', response: { 200: LivenessSchema } } },
    alive,
  );
  app.get(
    '/health/ready/',
    {
      schema: {
        tags: ['system'],
        summary: 'Readiness: send this process traffic',
        description:
          '200 while the database answers, every migration of this build is applied and the process is not shutting down; ' +
          'else 503 (SIGTERM turns it 503 first, before the process stops accepting).',
        response: { 200: ReadinessSchema, 503: ErrorBodySchema },
      },
    },
    async (_request, reply) => {
      const state = await app.lifecycle.readiness();
      if (state.ready) return { status: 'ready' as const };
      // Answered, not thrown: a drain is expected, not an error to log on every probe.
      return reply
        .code(503)
        .header('cache-control', 'no-store')
        .send({ detail: state.reason, code: 'unavailable' } satisfies ApiErrorBody);
    },
  );
};

export default routes;
