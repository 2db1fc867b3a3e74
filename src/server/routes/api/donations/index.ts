/** The caller's donation history and platform-wide donation statistics (donations are created by payments). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { DonationStatistics } from '../../../../shared/cause-contract';
import { toDecimalString } from '../../../../shared/money';
import { paginate, PaginatedOf, PageQuery, pageRequest } from '../../pagination';
import { errorResponses } from '../../shared-schemas';
import { DonationRecordResponse, DonationStatisticsResponse } from './schemas';

/** The donation history screen resolves titles for up to 50 donations of page 1 (spec §9). */
const HISTORY_PAGE_SIZE = 50;
/** Boafo charges nothing on donations. */
export const PLATFORM_CHARGE_PERCENT = 0;

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/', {
    onRequest: app.authenticate,
    schema: {
      tags: ['donations'], summary: "The caller's donations, newest first", security: [{ bearer: [] }],
      querystring: PageQuery,
      response: { 200: PaginatedOf(DonationRecordResponse), ...errorResponses(400, 401) },
    },
  }, async (request) => {
    const page = pageRequest(request.query, HISTORY_PAGE_SIZE);
    const { count, rows } = await app.repos.donations.history(request.user!.id, page.limit, page.offset);
    return paginate(request, page, count, rows.map((d) => ({
      id: d.id,
      cause_id: d.causeId,
      cause_title: d.causeTitle,
      amount: toDecimalString(d.amount),
      status: d.status,
      donated_at: (d.completedAt ?? d.createdAt).toISOString(),
      organizer_id: d.organizerId,
      category: d.categoryName,
      is_anonymous: d.isAnonymous,
      reference: d.reference,
    })));
  });

  app.get('/statistics/', {
    schema: {
      tags: ['donations'], summary: 'Platform donation statistics (completed donations only)',
      response: { 200: DonationStatisticsResponse },
    },
  }, async (): Promise<DonationStatistics> => {
    const t = await app.repos.donations.platformTotals();
    return {
      total_raised: toDecimalString(t.raised),
      total_donations: t.donations,
      active_donors: t.donors,
      causes_completed: t.causesCompleted,
      active_causes: t.causesActive,
      platform_charge_percent: PLATFORM_CHARGE_PERCENT,
    };
  });
};

export default routes;
