/** OpenAPI document built from the route schemas, served as JSON at /api/docs. */
import swagger from '@fastify/swagger';
import fp from 'fastify-plugin';
import { Type } from 'typebox';

export default fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.0.3',
        info: {
          title: 'Boafo API',
          version: '0.1.0',
          description: 'Crowdfunding and donations for Ghana. Amounts are GHS decimal strings.',
        },
        components: {
          securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
        },
      },
    });
    const schema = { hide: true, response: { 200: Type.Object({}, { additionalProperties: true }) } };
    const handler = async () => app.swagger();
    app.get('/api/docs', { schema }, handler);
    app.get('/api/docs/json', { schema }, handler);
  },
  { name: 'swagger' },
);
