/**
 * The admin payout queue: list by status (default requested, oldest first), approve
 * (requested → approved → processing → paid | failed, see payouts/service.ts), reject
 * with a reason, and retry a transfer whose outcome was not confirmed (same reference).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { AuditAction } from '../../../../../shared/audit-actions';
import { toDecimalString } from '../../../../../shared/money';
import { audit } from '../../../audit-entry';
import { ApiError, BLANK, validationError } from '../../../../lib/api-error';
import { processWithdrawal } from '../../../../payouts/service';
import { isUuid } from '../../../../repositories/search';
import type { WithdrawalView } from '../../../../repositories/withdrawals';
import { moveWithdrawal } from '../../../../payouts/move-withdrawal';
import { AdminWithdrawalSchema, WithdrawalStatusSchema, type WithdrawalStatus } from '../../../../../shared/contract/payouts';
import { paginate, PaginatedOf, PageParams, pageRequest } from '../../../pagination';
import { errorResponses } from '../../../shared-schemas';
import { RejectBody } from '../../../../../shared/contract/admin';
import { toAdminWithdrawal } from '../../withdrawals/serialize';
import { WITHDRAWAL_PAGE_SIZE } from '../../withdrawals/index';
import { english } from '../../../../lib/localize';

const IdParams = Type.Object({ id: Type.String({ maxLength: 100 }) });
const QueueQuery = Type.Object({ ...PageParams, status: Type.Optional(WithdrawalStatusSchema) });
const notFound = () => new ApiError(404, 'not_found', english('errors.notFound.withdrawal'));

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', app.requireAdmin);
  const repo = app.repos.withdrawals;
  const security = [{ bearer: [] }];
  const one = { params: IdParams, response: { 200: AdminWithdrawalSchema, ...errorResponses(400, 401, 403, 404, 409) } };

  async function load(id: string): Promise<WithdrawalView> {
    const row = isUuid(id) ? await repo.findView(id) : null;
    if (!row) throw notFound();
    return row;
  }
  /** The audit row of an admin decision (status before and after), then the answer. */
  async function recorded(request: FastifyRequest, action: AuditAction, before: WithdrawalView, extra: Record<string, unknown> = {}) {
    const after = (await repo.findView(before.id))!;
    await audit(app.repos, request, {
      action,
      causeId: after.causeId,
      subjectUserId: after.organizerId,
      targetType: 'withdrawal',
      targetId: after.id,
      before: { status: before.status },
      after: { status: after.status, amount: toDecimalString(after.amount), ...extra },
    });
    return toAdminWithdrawal(after);
  }

  app.get(
    '/',
    {
      schema: {
        tags: ['admin'],
        security,
        summary: 'Withdrawals by status (default requested), oldest first',
        querystring: QueueQuery,
        response: { 200: PaginatedOf(AdminWithdrawalSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const page = pageRequest(request.query, WITHDRAWAL_PAGE_SIZE);
      const status = (request.query.status ?? 'requested') as WithdrawalStatus;
      const { count, rows } = await repo.list({ status }, page.limit, page.offset, true);
      return paginate(request, page, count, rows.map(toAdminWithdrawal));
    },
  );

  app.post(
    '/:id/approve/',
    {
      schema: {
        tags: ['admin'],
        security,
        summary: 'Approve a requested withdrawal and send the transfer (needs a code in the last 10 minutes: 403 step_up_required)',
        ...one,
      },
    },
    async (request) => {
      const row = await load(request.params.id);
      await app.requireStepUp(request);
      const approved = await moveWithdrawal(
        app,
        { id: row.id },
        ['requested'],
        'approved',
        { reviewedBy: request.user!.id, reviewedAt: new Date() },
        request,
      );
      if (!approved) throw new ApiError(409, 'conflict', english('errors.withdrawal.onlyRequestedApprove'));
      await processWithdrawal(app, row.id, row.causeTitle);
      return recorded(request, 'withdrawal.approve', row);
    },
  );

  app.post(
    '/:id/retry/',
    {
      schema: {
        tags: ['admin'],
        security,
        ...one,
        summary: 'Re-check (and if the provider never got it, resend with the same reference) an unconfirmed transfer',
      },
    },
    async (request) => {
      const row = await load(request.params.id);
      if (row.status !== 'approved' && row.status !== 'processing') {
        throw new ApiError(409, 'conflict', english('errors.withdrawal.notRetriable'));
      }
      await app.requireStepUp(request);
      await processWithdrawal(app, row.id, row.causeTitle);
      return recorded(request, 'withdrawal.retry', row);
    },
  );

  app.post(
    '/:id/reject/',
    {
      schema: {
        tags: ['admin'],
        security,
        summary: 'Reject a requested withdrawal with a reason the organizer sees',
        ...one,
        body: RejectBody,
      },
    },
    async (request) => {
      const reason = request.body.reason.trim();
      if (!reason) throw validationError({ reason: [BLANK] });
      const row = await load(request.params.id);
      const rejected = await moveWithdrawal(
        app,
        { id: row.id },
        ['requested'],
        'rejected',
        { reviewedBy: request.user!.id, reviewedAt: new Date(), rejectionReason: reason },
        request,
      );
      if (!rejected) throw new ApiError(409, 'conflict', english('errors.withdrawal.onlyRequestedReject'));
      return recorded(request, 'withdrawal.reject', row, { reason });
    },
  );
};

export default routes;
