/** The caller's notifications: list, unread count, mark one or all read. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { NotificationSchema, UnreadCountSchema, type Notification } from '../../../../shared/contract/account';
import { ApiError } from '../../../lib/api-error';
import type { NotificationView } from '../../../repositories/notifications';
import { isUuid } from '../../../repositories/search';
import { paginate, PaginatedOf, PageParams, pageRequest } from '../../pagination';
import { errorResponses } from '../../shared-schemas';
import type { Locale } from '../../../../shared/i18n/locales';
import { localeOfRequest } from '../../../lib/i18n';
import { english, localizeText } from '../../../lib/localize';

const NOTIFICATIONS_PAGE_SIZE = 20;

/**
 * A notification in the reader's language: its title and sentence are stored in English from the `server`
 * catalog and put into `locale` here; words the catalogs do not know (a reviewer's reason) stay as written.
 */
function toNotification(n: NotificationView, locale: Locale): Notification {
  return {
    id: n.id,
    message: localizeText(n.message, locale),
    title: localizeText(n.title, locale),
    kind: n.kind,
    cause: n.causeTitle,
    cause_id: n.causeId,
    cause_title: n.causeTitle,
    is_read: n.isRead,
    created_at: n.createdAt.toISOString(),
  };
}

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', app.authenticate);
  const security = [{ bearer: [] }];

  app.get(
    '/',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Your notifications, newest first',
        security,
        description:
          'With `since`, only those created at or after that moment: a client reconnecting its socket ' +
          'passes the created_at of the newest notification it holds and merges the answer by id ' +
          '(that one comes back too, so nothing created in the same millisecond is missed).',
        querystring: Type.Object({
          ...PageParams,
          since: Type.Optional(Type.String({ format: 'date-time', description: 'ISO 8601 date-time, e.g. 2025-03-01T10:00:00.000Z.' })),
        }),
        response: { 200: PaginatedOf(NotificationSchema), ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const page = pageRequest(request.query, NOTIFICATIONS_PAGE_SIZE);
      const since = request.query.since ? new Date(request.query.since) : null;
      const { count, rows } = await app.repos.notifications.list(request.user!.id, page.limit, page.offset, since);
      const locale = localeOfRequest(request.headers);
      return paginate(
        request,
        page,
        count,
        rows.map((n) => toNotification(n, locale)),
      );
    },
  );

  app.get(
    '/unread-count/',
    {
      schema: {
        tags: ['notifications'],
        summary: 'How many of your notifications are unread',
        security,
        response: { 200: UnreadCountSchema, ...errorResponses(401) },
      },
    },
    async (request) => ({ count: await app.repos.notifications.unreadCount(request.user!.id) }),
  );

  app.post(
    '/read-all/',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Mark all your notifications read',
        security,
        response: { 200: Type.Object({ updated: Type.Integer() }), ...errorResponses(401) },
      },
    },
    async (request) => ({ updated: await app.repos.notifications.markAllRead(request.user!.id) }),
  );

  app.post(
    '/:id/read/',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Mark one of your notifications read',
        security,
        params: Type.Object({ id: Type.String({ maxLength: 100 }) }),
        response: { 200: NotificationSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const row = isUuid(id) ? await app.repos.notifications.markRead(request.user!.id, id) : null;
      if (!row) throw new ApiError(404, 'not_found', english('errors.notFound.notification'));
      return toNotification(row, localeOfRequest(request.headers));
    },
  );
};

export default routes;
