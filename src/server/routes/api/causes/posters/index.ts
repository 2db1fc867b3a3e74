/**
 * GET /api/causes/{id}/poster.pdf?format=a4|flyer&lang=ee: the organizer's printable poster of an approved
 * cause (documents/poster-pdf.ts), with a QR code to its page and the string a feature phone dials.
 * Its organizer and admins only. Registered under the /api/causes prefix beside the cause routes.
 * In the language the organizer uses the app in (the app sends it as ?lang=; else their account's choice,
 * else the request's cookie or Accept-Language), like the receipts and statements they print.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { PosterQuery } from '../../../../../shared/contract/posters';
import { ussdDialString } from '../../../../../shared/ussd';
import { posterPdf } from '../../../../documents/poster-pdf';
import { ApiError } from '../../../../lib/api-error';
import { localeOfRequest } from '../../../../lib/i18n';
import { localeOf } from '../../../../lib/localize';
import { siteOrigin } from '../../../../lib/site-origin';
import { PUBLIC_STATUSES } from '../../../../repositories/causes';
import { isUuid } from '../../../../repositories/search';
import { errorResponses } from '../../../shared-schemas';
import { canManage, canSee, causeNotFound } from '../index';
import { IdParams } from '../schemas';
import { english } from '../../../../lib/localize';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  /** The largest stored size of the cover: a printed A4 wants every pixel there is. */
  async function coverBytes(sizes: Record<string, string> | null): Promise<Buffer | null> {
    const widest = sizes ? Object.keys(sizes).sort((a, b) => Number(b) - Number(a))[0] : undefined;
    if (!sizes || !widest) return null;
    // Through the media store: the picture may live in the database or in a bucket (MEDIA_STORE).
    return (await app.mediaStore.get(sizes[widest]))?.bytes ?? null;
  }

  app.get(
    '/:id/poster.pdf',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['causes'],
        security: [{ bearer: [] }],
        summary: 'A printable poster of an approved cause (A4, or four flyers to an A4 page); its organizer and admins',
        params: IdParams,
        querystring: PosterQuery,
        response: {
          200: Type.Unsafe<Buffer>({ type: 'string', format: 'binary', description: 'application/pdf' }),
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request, reply) => {
      const user = request.user!;
      const { id } = request.params;
      const cause = isUuid(id) ? await app.repos.causes.find(id) : null;
      if (!cause || !canSee(cause, user)) throw causeNotFound();
      if (!canManage(cause, user)) throw new ApiError(403, 'permission_denied', english('errors.poster.organizerOnly'));
      if (!cause.shortCode || !PUBLIC_STATUSES.includes(cause.status)) {
        throw new ApiError(409, 'conflict', english('errors.poster.notOpen'));
      }
      const format = request.query.format ?? 'a4';
      const serviceCode = app.config.ussd.serviceCode;
      const pdf = await posterPdf(
        {
          title: cause.name,
          goal: cause.targetAmount,
          url: `${siteOrigin(app, request)}/causes/${cause.id}`,
          code: cause.shortCode,
          dial: serviceCode ? ussdDialString(serviceCode, cause.shortCode) : null,
          cover: await coverBytes(cause.coverImage),
          locale: localeOf(request.query.lang, await app.repos.users.localeOf(user.id), localeOfRequest(request.headers)),
        },
        format,
      );
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="boafo-poster-${cause.shortCode}-${format}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );
};

export default routes;
