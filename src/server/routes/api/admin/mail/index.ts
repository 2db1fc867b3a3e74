/**
 * Outgoing mail and texts, for admins: every message the server queued with its status. Without
 * SMTP_URL this is where mail ends up ("kept"), so a fresh install can still follow a reset link; with
 * SMS_PROVIDER=log, texts too.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { AdminMailMessageSchema, AdminMailQuery, AdminMailSchema } from '../../../../../shared/contract/mail';
import { ApiError } from '../../../../lib/api-error';
import type { MailRow } from '../../../../repositories/mail';
import { isUuid } from '../../../../repositories/search';
import { paginate, PaginatedOf, pageRequest } from '../../../pagination';
import { errorResponses } from '../../../shared-schemas';
import { english } from '../../../../lib/localize';

const PAGE_SIZE = 20;

/** A text has no subject: its list line shows the text itself, cut at one SMS. */
const SMS_PREVIEW = 160;

const summary = (row: MailRow) => ({
  id: row.id,
  channel: row.channel,
  kind: row.kind,
  to: row.toAddress,
  subject:
    row.channel === 'sms' ? (row.textBody.length > SMS_PREVIEW ? `${row.textBody.slice(0, SMS_PREVIEW - 1)}…` : row.textBody) : row.subject,
  segments: row.segments,
  status: row.status,
  attempts: row.attempts,
  last_error: row.lastError,
  created_at: row.createdAt.toISOString(),
  sent_at: row.sentAt ? row.sentAt.toISOString() : null,
});

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', app.requireAdmin);
  const security = [{ bearer: [] }];

  app.get(
    '/',
    {
      schema: {
        tags: ['admin'],
        security,
        summary: 'Outgoing mail and texts, newest first (optionally one status, one channel)',
        querystring: AdminMailQuery,
        response: { 200: PaginatedOf(AdminMailSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const page = pageRequest(request.query, PAGE_SIZE);
      const { total, rows } = await app.repos.mail.page(page.limit, page.offset, request.query.status, request.query.channel);
      return paginate(request, page, total, rows.map(summary));
    },
  );

  app.get(
    '/:id/',
    {
      schema: {
        tags: ['admin'],
        security,
        summary: 'One message with its text and HTML',
        params: Type.Object({ id: Type.String({ maxLength: 100 }) }),
        response: { 200: AdminMailMessageSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const row = isUuid(request.params.id) ? await app.repos.mail.find(request.params.id) : null;
      if (!row) throw new ApiError(404, 'not_found', english('errors.notFound.message'));
      return { ...summary(row), text: row.textBody, html: row.htmlBody };
    },
  );
};

export default routes;
