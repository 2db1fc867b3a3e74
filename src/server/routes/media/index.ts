/**
 * Serves stored images by content hash; the hash changes when content does, so caching is forever.
 * They are public pictures (cause covers, avatars shown on public profiles), so any page may show
 * them: Cross-Origin-Resource-Policy cross-origin instead of helmet's same-origin, which would make
 * an allowed client's <img> (CORS_ORIGINS) come up broken.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ApiError } from '../../lib/api-error';
import { errorResponses } from '../shared-schemas';
import ogCardRoutes from './og-card';
import { english } from '../../lib/localize';

const HASH = /^[a-f0-9]{64}$/;

const routes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(ogCardRoutes);

  app.get(
    '/:hash',
    {
      schema: {
        tags: ['media'],
        summary: 'An uploaded image (WebP) by content hash',
        params: Type.Object({ hash: Type.String({ maxLength: 128 }) }),
        response: {
          200: Type.Unsafe<Buffer>({ type: 'string', format: 'binary', description: 'Image bytes' }),
          304: Type.Null(),
          ...errorResponses(404),
        },
      },
    },
    async (request, reply) => {
      const { hash } = request.params;
      const notFound = new ApiError(404, 'not_found', english('errors.status.notFound'));
      if (!HASH.test(hash)) throw notFound;
      const etag = `"${hash}"`;
      reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('etag', etag)
        .header('cross-origin-resource-policy', 'cross-origin');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send(null);
      const row = await app.repos.media.get(hash);
      if (!row) {
        reply.removeHeader('cache-control').removeHeader('etag');
        throw notFound;
      }
      return reply.type(row.contentType).send(row.content);
    },
  );
};

export default routes;
