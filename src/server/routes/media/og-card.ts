/**
 * GET /media/og/causes/:id.png: the picture a link preview shows for a cause (first-load.ts points
 * og:image here). Crawlers fetch it for every share, and rendering costs tens of milliseconds of
 * libvips, so finished cards are kept in memory until the cause's amount or text changes.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ApiError } from '../../lib/api-error';
import { isLocale } from '../../../shared/i18n/locales';
import { renderOgCard } from '../../lib/og-card';
import { PUBLIC_STATUSES } from '../../repositories/causes';
import { isUuid } from '../../repositories/search';
import { errorResponses } from '../shared-schemas';

const CACHE_ENTRIES = 200;

const routes: FastifyPluginAsyncTypebox = async (app) => {
  // Map keeps insertion order: re-inserting on a hit makes the first key the least recently used.
  const cards = new Map<string, Buffer>();
  const remember = (key: string, png: Buffer) => {
    cards.delete(key);
    cards.set(key, png);
    while (cards.size > CACHE_ENTRIES) cards.delete(cards.keys().next().value!);
  };

  app.get(
    '/og/causes/:id.png',
    {
      schema: {
        tags: ['media'],
        summary: 'A 1200×630 PNG link-preview card of a public cause: cover, title and amount raised',
        params: Type.Object({ id: Type.String({ maxLength: 64 }) }),
        querystring: Type.Object({
          lang: Type.Optional(
            Type.String({ maxLength: 8, description: 'Language of the words on the card (en, ak, ee, ha, gaa); English otherwise' }),
          ),
        }),
        response: {
          200: Type.Unsafe<Buffer>({ type: 'string', format: 'binary', description: 'PNG bytes' }),
          ...errorResponses(404),
        },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const locale = isLocale(request.query.lang) ? request.query.lang : 'en';
      const cause = isUuid(id) ? await app.repos.causes.find(id) : null;
      if (!cause || !PUBLIC_STATUSES.includes(cause.status)) throw new ApiError(404, 'not_found', 'Cause not found.');

      const key = `${cause.id}:${cause.updatedAt.getTime()}:${cause.currentAmount}:${cause.targetAmount}:${locale}`;
      let png = cards.get(key);
      if (!png) {
        png = await renderOgCard({
          title: cause.name,
          raised: cause.currentAmount,
          goal: cause.targetAmount,
          cover: await coverBytes(cause.coverImage),
          locale,
        });
      }
      remember(key, png);
      return reply
        .type('image/png')
        .header('cache-control', 'public, max-age=3600')
        .header('cross-origin-resource-policy', 'cross-origin')
        .send(png);
    },
  );

  /** The largest stored size of the cover: the card shows it 540 px wide. */
  async function coverBytes(sizes: Record<string, string> | null): Promise<Buffer | null> {
    if (!sizes) return null;
    const widest = Object.keys(sizes).sort((a, b) => Number(b) - Number(a))[0];
    if (!widest) return null;
    const row = await app.repos.media.get(sizes[widest]);
    return row ? Buffer.from(row.content) : null;
  }
};

export default routes;
