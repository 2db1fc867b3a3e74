/**
 * Treasurers decide on a withdrawal awaiting them: POST /api/withdrawals/{id}/approve/ and
 * …/reject/, once each, accepted treasurers of its cause only (payouts/treasurer-decision.ts).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ApiError } from '../../../lib/api-error';
import { decideWithdrawal } from '../../../payouts/treasurer-decision';
import { isUuid } from '../../../repositories/search';
import type { Decision } from '../../../repositories/treasurers';
import { errorResponses } from '../../shared-schemas';
import { WithdrawalSchema } from '../../../../shared/contract/payouts';
import { withdrawalsWithDecisions } from './serialize';
import { english } from '../../../lib/localize';
import { audit } from '../../audit-entry';
import { toDecimalString } from '../../../../shared/money';

const IdParams = Type.Object({ id: Type.String({ maxLength: 100 }) });
const notFound = () => new ApiError(404, 'not_found', english('errors.notFound.withdrawal'));

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const security = [{ bearer: [] }];

  for (const [action, decision] of [
    ['approve', 'approved'],
    ['reject', 'rejected'],
  ] as const) {
    app.post(
      `/:id/${action}/`,
      {
        onRequest: app.authenticate,
        schema: {
          tags: ['withdrawals'],
          security,
          summary: `${action === 'approve' ? 'Approve' : 'Reject'} a withdrawal awaiting the cause's treasurers (accepted treasurers, once each)`,
          params: IdParams,
          response: { 200: WithdrawalSchema, ...errorResponses(401, 403, 404, 409) },
        },
      },
      async (request) => {
        const { id } = request.params;
        if (!isUuid(id)) throw notFound();
        const before = await app.repos.withdrawals.findView(id);
        if (!before) throw notFound();
        const treasurer = (await app.repos.treasurers.statusOf(before.causeId, request.user!.id)) === 'accepted';
        // Approving lets money leave: the treasurer needs two-step sign-in and a fresh check. Others get the usual answers below.
        if (decision === 'approved' && treasurer && before.status === 'awaiting_treasurers') {
          await app.requireTwoStep(request, english('errors.twoStep.beforeApprove'));
          await app.requireStepUp(request);
        }
        const outcome = await decideWithdrawal(app, id, request.user!.id, decision as Decision, request);
        switch (outcome.kind) {
          case 'not_found':
            throw notFound();
          case 'not_treasurer':
            throw new ApiError(403, 'permission_denied', english('errors.permission.approveWithdrawals'));
          case 'not_awaiting':
            throw new ApiError(409, 'conflict', english('errors.withdrawal.notAwaiting'));
          case 'already':
            throw new ApiError(409, 'conflict', english('errors.withdrawal.alreadyDecided'));
        }
        const view = (await app.repos.withdrawals.findView(id))!;
        await audit(app.repos, request, {
          action: decision === 'approved' ? 'withdrawal.treasurer_approve' : 'withdrawal.treasurer_reject',
          causeId: view.causeId,
          subjectUserId: view.organizerId,
          targetType: 'withdrawal',
          targetId: view.id,
          before: { status: before.status },
          after: { status: view.status, amount: toDecimalString(view.amount) },
        });
        return (await withdrawalsWithDecisions(app, [view]))[0];
      },
    );
  }
};

export default routes;
