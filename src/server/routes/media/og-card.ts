/**
 * GET /media/og/causes/:id.png: the picture a link preview shows for a cause (first-load.ts points
 * og:image here). Crawlers fetch it for every share, and rendering costs tens of milliseconds of
 * libvips, so finished cards are kept in memory until the cause's amount or text changes.
 *
 * With MEDIA_STORE=s3 a card is put in the bucket under its content hash (once per process and card)
 * and this address redirects there, so crawlers load the bytes from the bucket or CDN. The redirect
 * is cached as long as the card itself was (an hour): the card changes with the amount raised.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ussdDialString } from '../../../shared/ussd';
import { ApiError } from '../../lib/api-error';
import { isLocale } from '../../../shared/i18n/locales';
import { renderOgCard } from '../../lib/og-card';
import { PUBLIC_STATUSES } from '../../repositories/causes';
import { isUuid } from '../../repositories/search';
import { mediaKey } from '../../media/store';
import { errorResponses } from '../shared-schemas';
import { english } from '../../lib/localize';

const CACHE_ENTRIES = 200;
const CARD_CACHE = 'public, max-age=3600';

interface Card {
  png: Buffer;
  hash: string;
  /** The upload to the object store, once started (MEDIA_STORE=s3). */
  stored: Promise<void> | null;
}

const routes: FastifyPluginAsyncTypebox = async (app) => {
  // Map keeps insertion order: re-inserting on a hit makes the first key the least recently used.
  const cards = new Map<string, Card>();
  const remember = (key: string, card: Card) => {
    cards.delete(key);
    cards.set(key, card);
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
          302: Type.Null({ description: 'MEDIA_STORE=s3: the card is at the Location (the bucket or MEDIA_PUBLIC_URL)' }),
          ...errorResponses(404),
        },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const locale = isLocale(request.query.lang) ? request.query.lang : 'en';
      const cause = isUuid(id) ? await app.repos.causes.find(id) : null;
      if (!cause || !PUBLIC_STATUSES.includes(cause.status)) throw new ApiError(404, 'not_found', english('errors.notFound.cause'));

      const serviceCode = app.config.ussd.serviceCode;
      const dial = cause.shortCode && serviceCode ? ussdDialString(serviceCode, cause.shortCode) : null;
      const key = `${cause.id}:${cause.updatedAt.getTime()}:${cause.currentAmount}:${cause.targetAmount}:${cause.shortCode}:${locale}`;
      let card = cards.get(key);
      if (!card) {
        const png = await renderOgCard({
          title: cause.name,
          raised: cause.currentAmount,
          goal: cause.targetAmount,
          cover: await coverBytes(cause.coverImage),
          code: cause.shortCode,
          dial,
          locale,
        });
        card = { png, hash: mediaKey(png), stored: null };
      }
      remember(key, card);
      reply.header('cache-control', CARD_CACHE).header('cross-origin-resource-policy', 'cross-origin');
      if (app.mediaStore.kind === 'database') return reply.type('image/png').send(card.png);
      const upload = (card.stored ??= app.mediaStore.put(card.hash, card.png, 'image/png'));
      try {
        await upload;
      } catch (error) {
        // The next request tries again rather than redirecting to an object that is not there.
        card.stored = null;
        throw error;
      }
      return reply.redirect(app.mediaStore.url(card.hash), 302);
    },
  );

  /** The largest stored size of the cover: the card shows it 540 px wide. */
  async function coverBytes(sizes: Record<string, string> | null): Promise<Buffer | null> {
    if (!sizes) return null;
    const widest = Object.keys(sizes).sort((a, b) => Number(b) - Number(a))[0];
    if (!widest) return null;
    return (await app.mediaStore.get(sizes[widest]))?.bytes ?? null;
  }
};

export default routes;
