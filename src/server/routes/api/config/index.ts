/** Public settings the web app needs at run time (not at build time). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/config/', {
    schema: {
      tags: ['system'],
      summary: 'Public client configuration',
      response: {
        200: Type.Object({
          google_auth_url: Type.Union([Type.String(), Type.Null()]),
          facebook_auth_url: Type.Union([Type.String(), Type.Null()]),
        }),
      },
    },
  }, async () => ({
    google_auth_url: app.config.googleAuthUrl,
    facebook_auth_url: app.config.facebookAuthUrl,
  }));
};

export default routes;
