/**
 * A cause's statement for a date range, as CSV or PDF: GET /api/causes/{id}/statement.csv and
 * statement.pdf (?from=&to=, days in UTC, both included). Its organizer and admins only
 * (permissions.ts). Registered under the /api/causes prefix beside the cause routes.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type, type Static } from 'typebox';
import { addDays, isoDayStart, utcDay } from '../../../../../shared/cause-deadline';
import { STATEMENT_MAX_YEARS, StatementQuery } from '../../../../../shared/contract/statements';
import { ApiError, validationError } from '../../../../lib/api-error';
import { statementCsv, type CauseStatement } from '../../../../documents/cause-statement';
import { statementPdf } from '../../../../documents/statement-pdf';
import { isUuid } from '../../../../repositories/search';
import type { AuthUser } from '../../../../lib/tokens';
import { errorResponses } from '../../../shared-schemas';
import { canSee, causeNotFound } from '../index';
import { IdParams } from '../schemas';
import { canReadStatement } from './permissions';
import { localeOfRequest, translator } from '../../../../lib/i18n';
import { english, localeOf } from '../../../../lib/localize';

/** Beyond this many entries a range is refused rather than built in memory: ask for a shorter one. */
export const STATEMENT_MAX_ROWS = 20_000;

const FileBody = (type: string) => Type.Unsafe<Buffer | string>({ type: 'string', format: 'binary', description: type });

/** The checked range: the default runs from the cause's creation day to today. */
function range(query: Static<typeof StatementQuery>, createdAt: Date): { from: string; to: string } {
  const from = query.from ?? utcDay(createdAt);
  const to = query.to ?? utcDay();
  const errors: Record<string, string[]> = {};
  if (isoDayStart(from) === null) errors.from = [english('errors.statement.badDay')];
  if (isoDayStart(to) === null) errors.to = [english('errors.statement.badDay')];
  if (!errors.from && !errors.to) {
    const [y, m, d] = from.split('-').map(Number) as [number, number, number];
    const latest = utcDay(new Date(Date.UTC(y + STATEMENT_MAX_YEARS, m - 1, d)));
    if (from > to) errors.to = [english('errors.statement.endBeforeStart')];
    else if (to > latest) errors.to = [english('errors.statement.tooLong', { years: STATEMENT_MAX_YEARS, latest })];
  }
  if (Object.keys(errors).length > 0) throw validationError(errors, english('errors.statement.badRange'));
  return { from, to };
}

const routes: FastifyPluginAsyncTypebox = async (app) => {
  async function statement(id: string, query: Static<typeof StatementQuery>, user: AuthUser, request: FastifyRequest) {
    const cause = isUuid(id) ? await app.repos.causes.find(id) : null;
    if (!cause || !canSee(cause, user)) throw causeNotFound();
    const treasurer = (await app.repos.treasurers.statusOf(cause.id, user.id)) === 'accepted';
    if (!canReadStatement(cause, user, treasurer)) {
      throw new ApiError(403, 'permission_denied', english('errors.permission.statement'));
    }
    const { from, to } = range(query, cause.createdAt);
    const since = new Date(isoDayStart(from)!);
    const until = new Date(isoDayStart(addDays(to, 1))!);
    const rows = await app.repos.statements.rows(cause.id, since, until, STATEMENT_MAX_ROWS + 1);
    if (rows.length > STATEMENT_MAX_ROWS) {
      throw validationError(
        { to: [english('errors.statement.tooManyRows', { max: STATEMENT_MAX_ROWS.toLocaleString('en-GB') })] },
        english('errors.statement.shorterRange'),
      );
    }
    const s: CauseStatement = { causeId: cause.id, causeTitle: cause.name, from, to, rows };
    // The reader's account choice, else the request's language.
    const locale = localeOf(await app.repos.users.localeOf(user.id), localeOfRequest(request.headers));
    return { s, filename: `boafo-${cause.id}-${from}-${to}`, locale };
  }

  // Money and donor names: never kept by a shared cache.
  const send = (reply: FastifyReply, type: string, filename: string, body: Buffer | string) =>
    reply
      .type(type)
      .header('content-disposition', `attachment; filename="${filename}"`)
      .header('cache-control', 'private, no-store')
      .send(body);

  const schema = (format: string) => ({
    tags: ['withdrawals'],
    security: [{ bearer: [] }],
    summary: `A cause's donations, refunds and withdrawals of a date range with totals, as ${format}; organizer and admins`,
    params: IdParams,
    querystring: StatementQuery,
  });

  app.get(
    '/:id/statement.csv',
    {
      onRequest: app.authenticate,
      schema: { ...schema('CSV'), response: { 200: FileBody('text/csv'), ...errorResponses(400, 401, 403, 404) } },
    },
    async (request, reply) => {
      const { s, filename, locale } = await statement(request.params.id, request.query, request.user!, request);
      return send(reply, 'text/csv; charset=utf-8', `${filename}.csv`, statementCsv(s, translator(locale)));
    },
  );

  app.get(
    '/:id/statement.pdf',
    {
      onRequest: app.authenticate,
      schema: { ...schema('PDF'), response: { 200: FileBody('application/pdf'), ...errorResponses(400, 401, 403, 404) } },
    },
    async (request, reply) => {
      const { s, filename, locale } = await statement(request.params.id, request.query, request.user!, request);
      return send(reply, 'application/pdf', `${filename}.pdf`, await statementPdf(s, locale));
    },
  );
};

export default routes;
