/**
 * The organizer lists the cause's donations: GET /api/causes/{id}/donations/ (the cause's organizer and
 * admins; anonymous donors' names only for admins), 50 a page newest first, like the admins' list.
 * The organizer refunds a donation to their own cause: POST /api/causes/{id}/donations/{donation_id}/refund/
 * (registered under /api/causes). Only while the money is still in the cause: a refund that would take
 * the available balance below zero (already withdrawn, requested or held) is a 409. Admins use
 * /api/admin/donations/{id}/refund/.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { AdminDonationSchema, CauseDonationQuery, RefundBody, RefundSchema } from '../../../../../shared/contract/refunds';
import { ApiError } from '../../../../lib/api-error';
import { refundDonation } from '../../../../payments/refunds';
import { isUuid } from '../../../../repositories/search';
import { paginate, PaginatedOf, pageRequest } from '../../../pagination';
import { errorResponses } from '../../../shared-schemas';
import { ADMIN_DONATION_PAGE_SIZE } from '../../admin/donations/index';
import { causeNotFound } from '../index';
import { answer, auditRefund, donationNotFound, refundAmount, toAdminDonation } from '../../../refund-answers';
import { english } from '../../../../lib/localize';

const Params = Type.Object({ id: Type.String({ maxLength: 100 }), donation_id: Type.String({ maxLength: 100 }) });

const CauseParams = Type.Object({ id: Type.String({ maxLength: 100 }) });

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/:id/donations/',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['causes'],
        security: [{ bearer: [] }],
        summary: "The cause's donations, newest first, with what was refunded and what still can be (organizer, admins)",
        params: CauseParams,
        querystring: CauseDonationQuery,
        response: { 200: PaginatedOf(AdminDonationSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const cause = isUuid(request.params.id) ? await app.repos.causes.find(request.params.id) : null;
      if (!cause) throw causeNotFound();
      const admin = request.user!.role === 'admin';
      if (!admin && cause.organizerId !== request.user!.id)
        throw new ApiError(403, 'permission_denied', english('errors.permission.causeDonations'));
      const page = pageRequest(request.query, ADMIN_DONATION_PAGE_SIZE);
      const { count, rows } = await app.repos.refunds.causeDonations(cause.id, page.limit, page.offset);
      return paginate(
        request,
        page,
        count,
        rows.map((d) => toAdminDonation(d, admin)),
      );
    },
  );

  app.post(
    '/:id/donations/:donation_id/refund/',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['causes'],
        security: [{ bearer: [] }],
        summary: "The cause's organizer refunds a donation, in full (default) or in part, before the money is withdrawn",
        params: Params,
        body: Type.Optional(RefundBody),
        response: { 200: RefundSchema, ...errorResponses(400, 401, 403, 404, 409, 502) },
      },
    },
    async (request) => {
      const amount = refundAmount(request.body?.amount);
      const cause = isUuid(request.params.id) ? await app.repos.causes.find(request.params.id) : null;
      if (!cause) throw causeNotFound();
      if (cause.organizerId !== request.user!.id) throw new ApiError(403, 'permission_denied', english('errors.permission.refund'));
      if (!isUuid(request.params.donation_id)) throw donationNotFound();
      const outcome = await refundDonation(app, {
        donationId: request.params.donation_id,
        causeId: cause.id,
        amount,
        requestedBy: request.user!.id,
      });
      await auditRefund(app, request, outcome);
      return answer(app, outcome, false);
    },
  );
};

export default routes;
