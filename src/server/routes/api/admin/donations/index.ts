/**
 * Admins and a cause's donations: GET /api/admin/donations/?cause_id= lists them (what was paid,
 * refunded and can still be), POST /api/admin/donations/{id}/refund/ refunds one in full or in part
 * through the provider (payments/refunds.ts). An Idempotency-Key replay answers as the first call.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { AdminDonationQuery, AdminDonationSchema, RefundBody, RefundSchema } from '../../../../../shared/contract/refunds';
import { refundDonation } from '../../../../payments/refunds';
import { isUuid } from '../../../../repositories/search';
import { paginate, PaginatedOf, pageRequest } from '../../../pagination';
import { errorResponses } from '../../../shared-schemas';
import { answer, auditRefund, donationNotFound, refundAmount, toAdminDonation } from '../../../refund-answers';

export const ADMIN_DONATION_PAGE_SIZE = 50;

const DonationIdParams = Type.Object({ id: Type.String({ maxLength: 100 }) });

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', app.requireAdmin);
  const security = [{ bearer: [] }];

  app.get(
    '/',
    {
      schema: {
        tags: ['admin'],
        security,
        summary: "A cause's donations, newest first, with what was refunded and what still can be",
        querystring: AdminDonationQuery,
        response: { 200: PaginatedOf(AdminDonationSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const page = pageRequest(request.query, ADMIN_DONATION_PAGE_SIZE);
      const { count, rows } = await app.repos.refunds.causeDonations(request.query.cause_id, page.limit, page.offset);
      return paginate(
        request,
        page,
        count,
        rows.map((d) => toAdminDonation(d, true)),
      );
    },
  );

  app.post(
    '/:id/refund/',
    {
      schema: {
        tags: ['admin'],
        security,
        summary: 'Refund a completed donation through the payment provider, in full (default) or in part',
        description:
          '`amount` (GHS) defaults to everything not yet refunded. Refused: more than is left (400), a donation not completed ' +
          "or already refunded in full (409), or when the cause's available balance would go below zero (409). Needs a " +
          'code in the last 10 minutes (403 step_up_required).',
        params: DonationIdParams,
        body: Type.Optional(RefundBody),
        response: { 200: RefundSchema, ...errorResponses(400, 401, 403, 404, 409, 502) },
      },
    },
    async (request) => {
      const amount = refundAmount(request.body?.amount);
      if (!isUuid(request.params.id)) throw donationNotFound();
      await app.requireStepUp(request);
      const outcome = await refundDonation(app, { donationId: request.params.id, amount, requestedBy: request.user!.id });
      await auditRefund(app, request, outcome);
      return answer(app, outcome, true);
    },
  );
};

export default routes;
