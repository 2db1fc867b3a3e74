/**
 * Payments an admin must decide on: the provider reported another amount or currency than
 * we asked, so nothing was credited (payments/settle.ts). List them (flagged, or resolved),
 * and resolve one: credit the amount actually received, or record that the donor was
 * refunded (payments/resolve.ts, exactly once). Admins only.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AdminPaymentQuery, AdminPaymentSchema, PaymentResolutionBody, type AdminPayment } from '../../../../../shared/contract/admin';
import { parseAmount, toDecimalString } from '../../../../../shared/money';
import { ApiError, validationError } from '../../../../lib/api-error';
import { resolveFlaggedPayment } from '../../../../payments/resolve';
import type { AdminPaymentView } from '../../../../repositories/admin-payments';
import { isUuid } from '../../../../repositories/search';
import { paginate, PaginatedOf, pageRequest } from '../../../pagination';
import { errorResponses } from '../../../shared-schemas';
import { PaymentIdParams } from './schemas';
import { english } from '../../../../lib/localize';
import { audit } from '../../../audit-entry';

export const ADMIN_PAYMENT_PAGE_SIZE = 20;
const notFound = () => new ApiError(404, 'not_found', english('errors.notFound.payment'));

function toAdminPayment(view: AdminPaymentView): AdminPayment {
  const p = view.payment;
  return {
    id: p.id,
    reference: p.reference,
    provider: p.provider,
    status: p.status as AdminPayment['status'],
    amount: toDecimalString(p.amount),
    currency: p.currency,
    received_amount: p.receivedAmount === null ? null : toDecimalString(p.receivedAmount),
    received_currency: p.receivedCurrency,
    flagged_reason: p.flaggedReason,
    provider_status: p.providerStatus,
    email: p.email,
    donor_name: view.donorName,
    created_at: p.createdAt.toISOString(),
    updated_at: p.updatedAt.toISOString(),
    resolution: p.resolution,
    resolution_note: p.resolutionNote,
    resolved_at: p.resolvedAt ? p.resolvedAt.toISOString() : null,
    resolved_by_name: view.resolvedByName,
    donations: view.donations.map((d) => ({
      id: d.id,
      cause_id: d.causeId,
      cause_title: d.causeTitle,
      amount: toDecimalString(d.amount),
      pledged_amount: d.pledgedAmount === null ? null : toDecimalString(d.pledgedAmount),
      status: d.status,
    })),
  };
}

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', app.requireAdmin);
  const security = [{ bearer: [] }];

  async function load(id: string): Promise<AdminPaymentView> {
    const view = isUuid(id) ? await app.repos.adminPayments.find(id) : null;
    if (!view) throw notFound();
    return view;
  }

  app.get(
    '/',
    {
      schema: {
        tags: ['admin'],
        security,
        summary: 'Payments flagged for an amount or currency mismatch (default), or resolved ones',
        querystring: AdminPaymentQuery,
        response: { 200: PaginatedOf(AdminPaymentSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const page = pageRequest(request.query, ADMIN_PAYMENT_PAGE_SIZE);
      const { count, rows } = await app.repos.adminPayments.list(request.query.status ?? 'flagged', page.limit, page.offset);
      return paginate(request, page, count, rows.map(toAdminPayment));
    },
  );

  app.get(
    '/:id/',
    {
      schema: {
        tags: ['admin'],
        security,
        summary: 'One payment with its donations',
        params: PaymentIdParams,
        response: { 200: AdminPaymentSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => toAdminPayment(await load(request.params.id)),
  );

  app.post(
    '/:id/resolve/',
    {
      schema: {
        tags: ['admin'],
        security,
        params: PaymentIdParams,
        body: PaymentResolutionBody,
        summary: 'Resolve a flagged payment: credit the amount received (once), or record that the donor was refunded',
        response: { 200: AdminPaymentSchema, ...errorResponses(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request) => {
      const { action, note } = request.body;
      let amount: number | null = null;
      if (action === 'credit' && request.body.amount !== undefined && request.body.amount !== '') {
        amount = parseAmount(request.body.amount);
        if (amount === null || amount <= 0) throw validationError({ amount: [english('errors.admin.badReceivedAmount')] });
      }
      const payment = await load(request.params.id);
      await app.requireStepUp(request);
      const outcome = await resolveFlaggedPayment(
        app.repos,
        payment.payment.id,
        { action, amount, note: note?.trim() || null, adminId: request.user!.id },
        app.receiptLinks,
      );
      switch (outcome.kind) {
        case 'not_found':
          throw notFound();
        case 'not_flagged':
          throw new ApiError(
            409,
            'conflict',
            outcome.payment.resolution
              ? english('errors.admin.alreadyResolved', { resolution: outcome.payment.resolution })
              : english('errors.admin.notFlagged'),
          );
        case 'amount_needed':
          throw validationError({ amount: [english('errors.admin.noReceivedAmount')] });
        case 'nothing_to_credit':
          throw new ApiError(409, 'conflict', english('errors.payment.noOpenDonations'));
        default: {
          const resolved = (await app.repos.adminPayments.find(payment.payment.id))!;
          await audit(app.repos, request, {
            action: 'payment.resolve',
            subjectUserId: payment.payment.userId ?? null,
            targetType: 'payment',
            targetId: payment.payment.id,
            before: { status: payment.payment.status },
            after: {
              status: resolved.payment.status,
              resolution: action,
              amount: amount === null ? null : toDecimalString(amount),
              note: note?.trim() || null,
            },
          });
          return toAdminPayment(resolved);
        }
      }
    },
  );
};

export default routes;
