/** Liveness check used by scripts, load balancers and the PWA's online probe. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/health/',
    {
      schema: {
        tags: ['system'],
        summary: 'Health check',
        response: { 200: Type.Object({ status: Type.Literal('ok') }) },
      },
    },
    async () => ({ status: 'ok' as const }),
  );
};

export default routes;
