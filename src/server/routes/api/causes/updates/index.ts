/**
 * A cause's updates and words of support, under the /api/causes prefix beside the cause routes:
 *  - GET /{id}/updates/ and /{id}/messages/: anyone who may see the cause, newest first;
 *  - POST /{id}/updates/: the organizer or an admin; the cause's donors are told in the same unit of work;
 *  - POST /{id}/messages/{donation_id}/hide/: the organizer or an admin.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  CauseFeedQuery,
  CauseUpdateBody,
  CauseUpdateSchema,
  HideParams,
  SupportMessageSchema,
  type CauseUpdate,
  type SupportMessage,
} from '../../../../../shared/contract/updates';
import { UPDATE_BODY_MAX } from '../../../../../shared/limits';
import { ApiError, BLANK, FieldErrorList, REQUIRED } from '../../../../lib/api-error';
import { siteOrigin } from '../../../../lib/site-origin';
import { causeUpdateMail } from '../../../../mail/update-mail';
import { causeUpdateSms } from '../../../../sms/sms-text';
import type { CauseUpdateView } from '../../../../repositories/cause-updates';
import { isUuid } from '../../../../repositories/search';
import type { AuthUser } from '../../../../lib/tokens';
import { absoluteImageUrl, readImages } from '../../../image-fields';
import { paginate, PaginatedOf, pageRequest } from '../../../pagination';
import { errorResponses } from '../../../shared-schemas';
import { canManage, canSee, causeNotFound } from '../index';
import { IdParams } from '../schemas';
import { imageUrls } from '../../user/profile/serialize';
import { english, localeOf } from '../../../../lib/localize';

export const UPDATES_PAGE_SIZE = 10;
export const MESSAGES_PAGE_SIZE = 20;

const FORBIDDEN = english('errors.permission.organizerOrAdmin');

function toUpdate(row: CauseUpdateView, origin: string): CauseUpdate {
  const image = imageUrls(row.image);
  return {
    id: row.id,
    cause_id: row.causeId,
    body: row.body,
    image: absoluteImageUrl(origin, image.main),
    image_sizes: image.sizes,
    author_name: row.authorName,
    created_at: row.createdAt.toISOString(),
  };
}

/** The update's text: required, at most UPDATE_BODY_MAX characters once trimmed. */
function bodyText(raw: string | undefined, errors: FieldErrorList): string {
  const body = (raw ?? '').trim();
  if (raw === undefined) errors.add('body', REQUIRED);
  else if (!body) errors.add('body', BLANK);
  else if (body.length > UPDATE_BODY_MAX) errors.add('body', english('errors.field.maxLength', { limit: UPDATE_BODY_MAX }));
  return body;
}

const routes: FastifyPluginAsyncTypebox = async (app) => {
  async function visibleCause(id: string, user: AuthUser | null) {
    const cause = isUuid(id) ? await app.repos.causes.find(id) : null;
    if (!cause || !canSee(cause, user)) throw causeNotFound();
    return cause;
  }

  async function managedCause(id: string, user: AuthUser) {
    const cause = await visibleCause(id, user);
    if (!canManage(cause, user)) throw new ApiError(403, 'permission_denied', FORBIDDEN);
    return cause;
  }

  app.get(
    '/:id/updates/',
    {
      schema: {
        tags: ['causes'],
        summary: `A cause's updates, newest first (${UPDATES_PAGE_SIZE} a page)`,
        params: IdParams,
        querystring: CauseFeedQuery,
        response: { 200: PaginatedOf(CauseUpdateSchema), ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      const cause = await visibleCause(request.params.id, await app.optionalUser(request));
      const page = pageRequest(request.query, UPDATES_PAGE_SIZE);
      const { count, rows } = await app.repos.causeUpdates.page(cause.id, page.limit, page.offset);
      const origin = siteOrigin(app, request);
      return paginate(
        request,
        page,
        count,
        rows.map((row) => toUpdate(row, origin)),
      );
    },
  );

  app.post(
    '/:id/updates/',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['causes'],
        summary: 'Post an update (organizer or admin); JSON {body}, or multipart with an optional image. Donors are told',
        security: [{ bearer: [] }],
        consumes: ['multipart/form-data', 'application/json'],
        params: IdParams,
        body: CauseUpdateBody,
        response: { 201: CauseUpdateSchema, ...errorResponses(400, 401, 403, 404, 413, 422) },
      },
    },
    async (request, reply) => {
      const user = request.user!;
      const cause = await managedCause(request.params.id, user);
      const errors = new FieldErrorList();
      const body = bodyText(request.body.body, errors);
      // Throws every collected error (text and file) at once.
      const { changes, variants: uploaded } = await readImages(request.body as Record<string, unknown>, ['image'], errors);
      const variants = await app.mediaStore.keepOutsideDatabase(uploaded);
      const link = `${siteOrigin(app, request)}/causes/${cause.id}`;
      const created = await app.repos.transaction(async (repos) => {
        if (variants.length > 0) await repos.media.saveVariants(variants);
        const row = await repos.causeUpdates.create({ causeId: cause.id, authorId: user.id, body, image: changes.image ?? null });
        for (const donorId of await repos.causeUpdates.donorUserIds(cause.id)) {
          await repos.notifications.toUser(donorId, {
            title: english('server.notice.newUpdate.title'),
            message: english('server.notice.newUpdate.message', { cause: cause.name }),
            causeId: cause.id,
          });
        }
        for (const donor of await repos.causeUpdates.donorAddresses(cause.id)) {
          await repos.mail.queue(
            causeUpdateMail({ to: donor.email, name: donor.name, locale: localeOf(donor.locale) }, cause.name, body, link),
          );
        }
        // One text per number that asked for this cause's news on the donation form and still agrees.
        await repos.sms.queueForCauseDonors(cause.id, (locale) => ({
          kind: 'cause_update',
          text: causeUpdateSms(localeOf(locale), { causeTitle: cause.name, body }),
        }));
        return row;
      });
      const author = await app.repos.users.findById(user.id);
      const authorName = author ? `${author.firstName} ${author.lastName}`.trim() : '';
      return reply.code(201).send(toUpdate({ ...created, authorName }, siteOrigin(app, request)));
    },
  );

  app.get(
    '/:id/messages/',
    {
      schema: {
        tags: ['causes'],
        summary: `Words of support of completed donations, newest first (${MESSAGES_PAGE_SIZE} a page); anonymous donors unnamed`,
        params: IdParams,
        querystring: CauseFeedQuery,
        response: { 200: PaginatedOf(SupportMessageSchema), ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      const cause = await visibleCause(request.params.id, await app.optionalUser(request));
      const page = pageRequest(request.query, MESSAGES_PAGE_SIZE);
      const { count, rows } = await app.repos.causeUpdates.messages(cause.id, page.limit, page.offset);
      const results: SupportMessage[] = rows.map((r) => ({
        id: r.id,
        message: r.message,
        donor_name: r.donorName,
        created_at: r.at.toISOString(),
      }));
      return paginate(request, page, count, results);
    },
  );

  app.post(
    '/:id/messages/:donation_id/hide/',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['causes'],
        summary: 'Hide a word of support from the cause page (organizer or admin)',
        security: [{ bearer: [] }],
        params: HideParams,
        response: { 204: Type.Null(), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const cause = await managedCause(request.params.id, request.user!);
      const id = request.params.donation_id;
      if (!isUuid(id) || !(await app.repos.causeUpdates.hideMessage(cause.id, id)))
        throw new ApiError(404, 'not_found', english('errors.notFound.message'));
      return reply.code(204).send(null);
    },
  );
};

export default routes;
