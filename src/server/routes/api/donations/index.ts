/**
 * The caller's donation history (every status, so a failed or pending gift is visible to
 * its donor), creating a pending donation, and platform-wide statistics.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { DonationStatistics } from '../../../../shared/cause-contract';
import { toDecimalString } from '../../../../shared/money';
import { paginate, PaginatedOf, PageQuery, pageRequest } from '../../pagination';
import { errorResponses } from '../../shared-schemas';
import { validationError } from '../../../lib/api-error';
import { checkAmount } from '../../../payments/amounts';
import { donorFrom } from '../../../payments/donor';
import { givableCause } from '../cart/cart-access';
import { DonationCreateBody, DonationRecordResponse, DonationStatisticsResponse } from './schemas';

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

  app.post('/', {
    schema: {
      tags: ['donations'], summary: 'Create a pending donation (pay it with POST /api/payments/initiate/)',
      body: DonationCreateBody, response: { 201: DonationRecordResponse, ...errorResponses(400, 404, 409, 422) },
    },
  }, async (request, reply) => {
    const body = request.body;
    const raw = body.donation_amount ?? body.amount;
    const amount = checkAmount(raw);
    // Report under the name the client used (the contract's donation_amount unless only amount came).
    const field = body.donation_amount === undefined && body.amount !== undefined ? 'amount' : 'donation_amount';
    if (!amount.ok) throw validationError({ [field]: [amount.error] });
    const cause = await givableCause(app, body.cause_id);
    const donor = await donorFrom(app, await app.optionalUser(request), body);
    const row = await app.repos.payments.createDonation(donor, cause.id, amount.pesewas * (body.quantity ?? 1));
    const category = cause.categoryId ? (await app.repos.donations.categoryName(cause.categoryId)) : null;
    return reply.code(201).send({
      id: row.id,
      cause_id: row.causeId,
      cause_title: cause.name,
      amount: toDecimalString(row.amount),
      status: row.status,
      donated_at: row.createdAt.toISOString(),
      organizer_id: cause.organizerId,
      category,
      is_anonymous: row.isAnonymous,
      reference: row.reference,
    });
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
