/** Admin cause review: the queue by status, approve, reject, and review totals per period. */
import type { FastifyRequest } from 'fastify';
import { audit } from '../../../audit-entry';
import { siteOrigin } from '../../../../lib/site-origin';
import { causeReviewMail } from '../../../../mail/organizer-mail';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AdminCauseQuery,
  RejectBody,
  ReviewTotalsQuery,
  ReviewTotalsSchema,
  type ReviewPeriod,
} from '../../../../../shared/contract/admin';
import { CAUSE_PAGE_SIZE } from '../../../../../shared/cause-list';
import { ApiError, BLANK, validationError } from '../../../../lib/api-error';
import { oldestFirst, statusFilter } from '../../../../repositories/cause-filters';
import { isUuid } from '../../../../repositories/search';
import { paginate, PaginatedOf, pageRequest } from '../../../pagination';
import { errorResponses } from '../../../shared-schemas';
import { causeNotFound } from '../../causes/index';
import { IdParams } from '../../causes/schemas';
import { CauseSchema } from '../../../../../shared/contract/causes';
import { toCause } from '../../causes/serialize';
import { english, localeOf } from '../../../../lib/localize';

/** Start of a review period, counted back from now (calendar months, like the select's labels). */
export function periodStart(period: ReviewPeriod, now = new Date()): Date {
  const since = new Date(now);
  if (period === 'week') since.setUTCDate(since.getUTCDate() - 7);
  else since.setUTCMonth(since.getUTCMonth() - (period === 'month' ? 1 : 3));
  return since;
}

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', app.requireAdmin);
  const security = [{ bearer: [] }];

  app.get(
    '/',
    {
      schema: {
        tags: ['admin'],
        summary: 'Causes by status (default under_review), oldest first',
        security,
        querystring: AdminCauseQuery,
        response: { 200: PaginatedOf(CauseSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const page = pageRequest(request.query, CAUSE_PAGE_SIZE);
      const { count, rows } = await app.repos.causes.list({
        where: statusFilter([request.query.status ?? 'under_review']),
        orderBy: oldestFirst(),
        limit: page.limit,
        offset: page.offset,
      });
      return paginate(
        request,
        page,
        count,
        rows.map((row) => toCause(row, true, siteOrigin(app, request), app.config.ussd.serviceCode)),
      );
    },
  );

  app.get(
    '/review-totals/',
    {
      schema: {
        tags: ['admin'],
        summary: 'Causes accepted and rejected in a period; pending now',
        security,
        querystring: ReviewTotalsQuery,
        response: { 200: ReviewTotalsSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const period = (request.query.period ?? 'week') as ReviewPeriod;
      const since = periodStart(period);
      return { period, since: since.toISOString(), ...(await app.repos.causes.reviewTotals(since)) };
    },
  );

  async function decide(request: FastifyRequest, id: string, adminId: string, decision: 'approved' | 'rejected', reason: string | null) {
    const cause = isUuid(id) ? await app.repos.causes.find(id) : null;
    if (!cause) throw causeNotFound();
    // The decision, its notification and the organizer's email commit together.
    const row = await app.repos.transaction(async (repos) => {
      const reviewed = await repos.causes.review(id, adminId, decision, reason);
      const organizer = reviewed ? await repos.users.findById(reviewed.organizerId) : null;
      if (reviewed && organizer) {
        const link = `${siteOrigin(app, request)}/causes/${reviewed.id}`;
        const who = { to: organizer.email, name: organizer.firstName, locale: localeOf(organizer.locale) };
        await repos.mail.queue(causeReviewMail(who, reviewed.name, decision === 'approved', reason, link));
      }
      if (reviewed) {
        await audit(repos, request, {
          action: decision === 'approved' ? 'cause.approve' : 'cause.reject',
          causeId: reviewed.id,
          subjectUserId: reviewed.organizerId,
          targetType: 'cause',
          targetId: reviewed.id,
          before: { status: cause.status },
          after: { status: reviewed.status, ...(reason ? { reason } : {}) },
        });
      }
      return reviewed;
    });
    if (!row) throw new ApiError(409, 'conflict', english('errors.cause.notUnderReview'));
    return toCause((await app.repos.causes.findView(id))!, true, siteOrigin(app, request), app.config.ussd.serviceCode);
  }

  app.post(
    '/:id/approve/',
    {
      schema: {
        tags: ['admin'],
        summary: 'Approve a cause under review (it becomes active)',
        security,
        params: IdParams,
        response: { 200: CauseSchema, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => decide(request, request.params.id, request.user!.id, 'approved', null),
  );

  app.post(
    '/:id/reject/',
    {
      schema: {
        tags: ['admin'],
        summary: 'Reject a cause under review with a reason the organizer sees',
        security,
        params: IdParams,
        body: RejectBody,
        response: { 200: CauseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const reason = request.body.reason.trim();
      if (!reason) throw validationError({ reason: [BLANK] });
      return decide(request, request.params.id, request.user!.id, 'rejected', reason);
    },
  );
};

export default routes;
