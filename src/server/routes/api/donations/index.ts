/**
 * GET /api/donations/ answers two audiences (spec §7 lists one call for both):
 *  - with an Authorization header: the caller's own history, private, completed donations unless
 *    `?status=` asks for others (an unpaid checkout line is not money given). A bad or expired
 *    token is a 401 as everywhere, never a silent switch to the public answer, so a signed-in
 *    client refreshes instead of showing cards where the history should be;
 *  - without one: the landing page's 'Your help is Needed' cards (spec §2, §3 donation card),
 *    public figures of active causes that still need money. No donor data is in them.
 * Also: creating a pending donation, and platform-wide statistics.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { DONATION_STATUS_FILTERS } from '../../../../shared/contract/statuses';
import {
  DonationCardSchema,
  DonationCreateBody,
  DonationRecordSchema,
  type DonationCard,
  type DonationStatus,
} from '../../../../shared/contract/donations';
import { DonationStatisticsSchema, type DonationStatistics } from '../../../../shared/contract/content';
import { toDecimalString } from '../../../../shared/money';
import { paginate, PaginatedOf, PageParams, pageRequest } from '../../pagination';
import { errorResponses } from '../../shared-schemas';
import { validationError } from '../../../lib/api-error';
import { checkAmount } from '../../../payments/amounts';
import { donorFrom } from '../../../payments/donor';
import { needsHelp, orderFor } from '../../../repositories/cause-filters';
import type { CauseView } from '../../../repositories/causes';
import { imageUrls } from '../user/profile/serialize';
import { absoluteImageUrl } from '../../image-fields';
import { siteOrigin } from '../../../lib/site-origin';
import { givableCause } from '../cart/cart-access';
import { english } from '../../../lib/localize';

/** The donation history screen resolves titles for up to 50 donations of page 1 (spec §9). */
const HISTORY_PAGE_SIZE = 50;
/** Landing cards per page: the landing page shows six. */
const CARDS_PAGE_SIZE = 6;
/** Boafo charges nothing on donations. */
export const PLATFORM_CHARGE_PERCENT = 0;

const STATUS_PROBLEM = english('errors.donations.badStatus', { statuses: DONATION_STATUS_FILTERS.join(', ') });

/** `?status=` → the statuses to list; completed only when absent. */
function statusesFrom(raw: string | undefined): DonationStatus[] {
  if (raw === undefined || raw.trim() === '') return ['completed'];
  const parts = raw
    .split(',')
    .map((part) => part.trim().toLowerCase())
    .filter(Boolean);
  if (parts.includes('all')) return [...DONATION_STATUS_FILTERS];
  const unknown = parts.filter((part) => !(DONATION_STATUS_FILTERS as readonly string[]).includes(part));
  if (unknown.length > 0 || parts.length === 0) throw validationError({ status: [STATUS_PROBLEM] });
  return [...new Set(parts)] as DonationStatus[];
}

function toCard(view: CauseView, origin: string): DonationCard {
  const goal = view.targetAmount;
  const collected = view.currentAmount;
  const cover = imageUrls(view.coverImage);
  return {
    id: view.id,
    cause_id: view.id,
    title: view.name,
    category: view.categoryName,
    location: view.location,
    goal: toDecimalString(goal),
    collected: toDecimalString(collected),
    remaining: toDecimalString(Math.max(0, goal - collected)),
    progress: goal > 0 ? Math.min(100, Math.floor((collected * 100) / goal)) : 0,
    image: absoluteImageUrl(origin, cover.main),
    image_sizes: cover.sizes,
  };
}

const routes: FastifyPluginAsyncTypebox = async (app) => {
  /** Only a request that carries credentials is checked (and refused when they are bad); none means a guest. */
  async function authenticateIfPresent(request: FastifyRequest): Promise<void> {
    if (request.headers.authorization !== undefined) await app.authenticate(request);
  }

  app.get(
    '/',
    {
      onRequest: authenticateIfPresent,
      schema: {
        tags: ['donations'],
        summary: "Signed in: the caller's donations, newest first. Guest: the landing page's donation cards",
        description:
          'With a bearer token: your own donations (page size 50), completed only unless `status` names others ' +
          `(${DONATION_STATUS_FILTERS.join(', ')}, comma-separated, or all); an invalid token is 401. Without one: ` +
          "'Your help is Needed' cards for active causes short of their goal, most funded first (page size 6); `status` " +
          'does not apply.',
        security: [{}, { bearer: [] }],
        querystring: Type.Object({
          ...PageParams,
          status: Type.Optional(Type.String({ maxLength: 100, description: STATUS_PROBLEM })),
        }),
        response: {
          200: Type.Union([PaginatedOf(DonationRecordSchema), PaginatedOf(DonationCardSchema)]),
          ...errorResponses(400, 401),
        },
      },
    },
    async (request) => {
      if (!request.user) {
        const page = pageRequest(request.query, CARDS_PAGE_SIZE);
        const { count, rows } = await app.repos.causes.list({
          where: needsHelp(),
          orderBy: orderFor('popularity'),
          limit: page.limit,
          offset: page.offset,
        });
        const origin = siteOrigin(app, request);
        return paginate(
          request,
          page,
          count,
          rows.map((row) => toCard(row, origin)),
        );
      }
      const statuses = statusesFrom(request.query.status);
      const page = pageRequest(request.query, HISTORY_PAGE_SIZE);
      const { count, rows } = await app.repos.donations.history(request.user.id, statuses, page.limit, page.offset);
      return paginate(
        request,
        page,
        count,
        rows.map((d) => ({
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
          refunded_amount: toDecimalString(d.refundedAmount),
        })),
      );
    },
  );

  app.post(
    '/',
    {
      schema: {
        tags: ['donations'],
        summary: 'Create a pending donation (pay it with POST /api/payments/initiate/)',
        body: DonationCreateBody,
        response: { 201: DonationRecordSchema, ...errorResponses(400, 404, 409, 422) },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const raw = body.donation_amount ?? body.amount;
      const amount = checkAmount(raw);
      // Report under the name the client used (the contract's donation_amount unless only amount came).
      const field = body.donation_amount === undefined && body.amount !== undefined ? 'amount' : 'donation_amount';
      if (!amount.ok) throw validationError({ [field]: [amount.error] });
      const cause = await givableCause(app, body.cause_id);
      const donor = await donorFrom(app, await app.optionalUser(request), body);
      const row = await app.repos.payments.createDonation(donor, cause.id, amount.pesewas * (body.quantity ?? 1));
      if (donor.smsPhone) await app.repos.smsConsent.agree(donor.smsPhone, 'donation');
      const category = cause.categoryId ? await app.repos.donations.categoryName(cause.categoryId) : null;
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
    },
  );

  app.get(
    '/statistics/',
    {
      schema: {
        tags: ['donations'],
        summary: 'Platform donation statistics (completed donations only)',
        response: { 200: DonationStatisticsSchema },
      },
    },
    async (): Promise<DonationStatistics> => {
      const t = await app.repos.donations.platformTotals();
      return {
        total_raised: toDecimalString(t.raised),
        total_donations: t.donations,
        active_donors: t.donors,
        causes_completed: t.causesCompleted,
        active_causes: t.causesActive,
        platform_charge_percent: PLATFORM_CHARGE_PERCENT,
      };
    },
  );
};

export default routes;
