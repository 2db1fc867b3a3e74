/** Public settings the web app needs at run time (not at build time). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { PublicConfigSchema } from '../../../../shared/contract/auth';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/config/',
    {
      schema: {
        tags: ['system'],
        summary: 'Public client configuration',
        response: {
          200: PublicConfigSchema,
        },
      },
    },
    async () => ({
      google_auth_url: app.config.googleAuthUrl,
      facebook_auth_url: app.config.facebookAuthUrl,
    }),
  );
};

export default routes;
