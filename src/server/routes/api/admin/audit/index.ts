/**
 * The audit trail for admins: GET /api/admin/audit/ (newest first, paged; filters person, cause,
 * action, group), GET …/export.csv (the same filters, at most AUDIT_EXPORT_MAX_ROWS rows) and
 * GET …/check/ (the hash chain verified end to end, as `npm run audit:check` does).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type, type Static } from 'typebox';
import { AUDIT_EXPORT_MAX_ROWS, AUDIT_GROUPS, AUDIT_PAGE_SIZE } from '../../../../../shared/audit-actions';
import { AuditCheckSchema, AuditEntrySchema, AuditQuery } from '../../../../../shared/contract/audit';
import { auditCsv } from '../../../../documents/audit-csv';
import { validationError } from '../../../../lib/api-error';
import { deviceLabel } from '../../../../lib/user-agent';
import type { AuditFilter, AuditRowView } from '../../../../repositories/audit-log';
import { isUuid } from '../../../../repositories/search';
import { paginate, PaginatedOf, pageRequest } from '../../../pagination';
import { errorResponses } from '../../../shared-schemas';
import { english } from '../../../../lib/localize';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const security = [{ bearer: [] }];

function person(id: string | null, name: string | null, email: string | null) {
  return id ? { id, name: name ?? '', email: email ?? '' } : null;
}

function toEntry(r: AuditRowView) {
  return {
    seq: r.seq,
    at: r.at.toISOString(),
    actor: person(r.actorId, r.actorName, r.actorEmail),
    action: r.action,
    cause_id: r.causeId,
    subject: person(r.subjectUserId, r.subjectName, r.subjectEmail),
    target_type: r.targetType,
    target_id: r.targetId,
    ip: r.ip,
    device: deviceLabel(r.userAgent),
    user_agent: r.userAgent,
    before: r.before ?? null,
    after: r.after ?? null,
    hash: r.hash,
    prev_hash: r.prevHash,
  };
}

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', app.requireAdmin);

  /** The filter the query names; null when it names a person nobody is (nothing can match). */
  async function filterOf(query: Static<typeof AuditQuery>): Promise<AuditFilter | null> {
    const filter: AuditFilter = {};
    const wanted = query.person?.trim();
    if (wanted) {
      if (isUuid(wanted)) filter.personId = wanted;
      else if (EMAIL.test(wanted)) {
        const user = await app.repos.users.findByEmail(wanted);
        if (!user) return null;
        filter.personId = user.id;
      } else {
        const message = english('errors.audit.personOrEmail');
        throw validationError({ person: [message] }, message);
      }
    }
    const cause = query.cause?.trim();
    if (cause) {
      if (!isUuid(cause)) throw validationError({ cause: [english('errors.audit.causeId')] }, english('errors.audit.causeId'));
      filter.causeId = cause;
    }
    const group: readonly string[] | undefined = query.group ? AUDIT_GROUPS[query.group] : undefined;
    if (query.action) filter.actions = group && !group.includes(query.action) ? [] : [query.action];
    else if (group) filter.actions = group;
    return filter;
  }

  app.get(
    '/',
    {
      schema: {
        tags: ['admin'],
        security,
        summary: 'The audit trail, newest first: who did what, when, from where, and the values before and after',
        querystring: AuditQuery,
        response: { 200: PaginatedOf(AuditEntrySchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const page = pageRequest(request.query, AUDIT_PAGE_SIZE);
      const filter = await filterOf(request.query);
      if (!filter || filter.actions?.length === 0) return paginate(request, page, 0, []);
      const [count, rows] = await Promise.all([app.repos.auditLog.count(filter), app.repos.auditLog.list(filter, page.limit, page.offset)]);
      return paginate(request, page, count, rows.map(toEntry));
    },
  );

  app.get(
    '/export.csv',
    {
      schema: {
        tags: ['admin'],
        security,
        summary: `The audit trail with the same filters as CSV, newest first (at most ${AUDIT_EXPORT_MAX_ROWS.toLocaleString('en-GB')} rows)`,
        querystring: AuditQuery,
        response: { 200: Type.Unsafe<string>({ type: 'string', description: 'text/csv' }), ...errorResponses(400, 401, 403) },
      },
    },
    async (request: FastifyRequest<{ Querystring: Static<typeof AuditQuery> }>, reply) => {
      const filter = await filterOf(request.query);
      const rows = filter && filter.actions?.length !== 0 ? await app.repos.auditLog.list(filter, AUDIT_EXPORT_MAX_ROWS + 1, 0) : [];
      if (rows.length > AUDIT_EXPORT_MAX_ROWS) {
        const message = english('errors.audit.tooMany', { max: AUDIT_EXPORT_MAX_ROWS.toLocaleString('en-GB') });
        throw validationError({ action: [message] }, message);
      }
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="boafo-audit.csv"')
        .header('cache-control', 'private, no-store')
        .send(auditCsv(rows));
    },
  );

  app.get(
    '/check/',
    {
      schema: {
        tags: ['admin'],
        security,
        summary: 'Verify the whole hash chain: an edited or deleted row is named',
        response: { 200: AuditCheckSchema, ...errorResponses(401, 403) },
      },
    },
    async () => {
      const result = await app.repos.auditLog.verify();
      return { ok: result.problems.length === 0, ...result };
    },
  );
};

export default routes;
