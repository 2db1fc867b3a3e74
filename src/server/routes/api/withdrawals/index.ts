/**
 * Organizers take money out of their causes: request a withdrawal (checked against the
 * cause's available balance under a row lock, see repositories/withdrawals.ts) and list
 * their requests. Admins see everyone's here; the approval queue is /api/admin/withdrawals/.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { formatGhs, parseAmount, toDecimalString } from '../../../../shared/money';
import { formatDateTime } from '../../../../shared/dates';
import { audit } from '../../audit-entry';
import { ApiError, validationError } from '../../../lib/api-error';
import { asWithdrawalDetails, destinationLabel } from '../../../payouts/details';
import { newWithdrawalReference } from '../../../payouts/service';
import { isUuid } from '../../../repositories/search';
import { paginate, PaginatedOf, pageRequest } from '../../pagination';
import { errorResponses } from '../../shared-schemas';
import { canSee, causeNotFound } from '../causes/index';
import { WithdrawalListQuery, WithdrawalRequestBody, WithdrawalSchema } from '../../../../shared/contract/payouts';
import { withdrawalsWithDecisions } from './serialize';
import { approvalNeededMail } from '../../../mail/treasurer-mail';
import { siteOrigin } from '../../../lib/site-origin';
import { requestNotices } from '../../../payouts/withdrawal-notices';
import { english, localeOf } from '../../../lib/localize';

export const WITHDRAWAL_PAGE_SIZE = 20;
export const NO_DETAILS = english('errors.withdrawal.noDetails');
const BAD_AMOUNT = english('errors.withdrawal.badAmount');

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const repo = app.repos.withdrawals;
  const security = [{ bearer: [] }];

  app.post(
    '/',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['withdrawals'],
        security,
        summary: 'Request a withdrawal from your cause (to your saved withdrawal details); at most what is available',
        description:
          'Needs two-step sign-in (403 two_step_required) and a password or second step in the last 10 minutes (403 ' +
          'step_up_required). Within PAYOUT_CHANGE_HOLD_HOURS of a change of withdrawal details: 409 payout_on_hold.',
        body: WithdrawalRequestBody,
        response: { 201: WithdrawalSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const user = request.user!;
      const cause = isUuid(request.body.cause_id) ? await app.repos.causes.find(request.body.cause_id) : null;
      if (!cause || !canSee(cause, user)) throw causeNotFound();
      if (cause.organizerId !== user.id) {
        throw new ApiError(403, 'permission_denied', english('errors.permission.withdraw'));
      }
      const amount = parseAmount(request.body.amount);
      if (amount === null || amount <= 0) throw validationError({ amount: [BAD_AMOUNT] });
      const account = await app.repos.users.findById(user.id);
      if (!account) throw new ApiError(401, 'token_invalid', english('errors.auth.accountGone'));
      const destination = asWithdrawalDetails(account.withdrawalAddress);
      // Named by the profile's field that is missing, so a client links to it whatever the words' language.
      if (!destination) throw validationError({ withdrawal_address: [NO_DETAILS] }, NO_DETAILS);
      await app.requireTwoStep(request, english('errors.twoStep.beforeWithdraw'));
      await app.requireStepUp(request);
      const holdUntil = await app.repos.payoutChanges.activeHold(user.id);
      if (holdUntil) {
        throw new ApiError(409, 'payout_on_hold', english('errors.withdrawal.onHold', { date: formatDateTime(holdUntil) }));
      }
      const organizerName = `${account.firstName} ${account.lastName}`.trim();
      const outcome = await app.repos.transaction(async (repos) => {
        const result = await repos.withdrawals.request({
          causeId: cause.id,
          organizerId: user.id,
          amount,
          destination,
          reference: newWithdrawalReference(),
          notices: requestNotices(organizerName, amount),
        });
        // Treasurers hear by mail too, committed with the request (the mail outbox sends it).
        if (result.kind === 'ok') {
          const link = `${siteOrigin(app, request)}/causes/${cause.id}/withdrawals`;
          for (const t of result.treasurers) {
            const who = { to: t.email, name: t.name, locale: localeOf(t.locale) };
            await repos.mail.queue(approvalNeededMail(who, cause.name, organizerName, amount, link));
          }
        }
        if (result.kind === 'ok') {
          await audit(repos, request, {
            action: 'withdrawal.request',
            causeId: cause.id,
            subjectUserId: user.id,
            targetType: 'withdrawal',
            targetId: result.row.id,
            after: { amount: toDecimalString(amount), status: result.row.status, destination: destinationLabel(destination) },
          });
        }
        return result;
      });
      if (outcome.kind === 'not_found') throw causeNotFound();
      if (outcome.kind === 'insufficient') {
        const available = formatGhs(outcome.available);
        const message =
          outcome.held > 0
            ? english('errors.withdrawal.atMostWithHeld', { available, held: formatGhs(outcome.held), hours: app.config.cardHoldHours })
            : english('errors.withdrawal.atMost', { available });
        throw validationError({ amount: [message] });
      }
      return reply.code(201).send((await withdrawalsWithDecisions(app, [(await repo.findView(outcome.row.id))!]))[0]);
    },
  );

  app.get(
    '/',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['withdrawals'],
        security,
        summary:
          "Your withdrawals, newest first (admins: everyone's); cause_id narrows to one cause (its accepted treasurers see all of that cause's)",
        querystring: WithdrawalListQuery,
        response: { 200: PaginatedOf(WithdrawalSchema), ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const user = request.user!;
      const { cause_id: causeId } = request.query;
      const page = pageRequest(request.query, WITHDRAWAL_PAGE_SIZE);
      if (causeId !== undefined && !isUuid(causeId)) return paginate(request, page, 0, []);
      // Treasurers read the whole cause's list (the organizer's own requests) to decide on them.
      const treasurer = causeId !== undefined && (await app.repos.treasurers.statusOf(causeId, user.id)) === 'accepted';
      const { count, rows } = await repo.list(
        {
          organizerId: user.role === 'admin' || treasurer ? undefined : user.id,
          causeId,
        },
        page.limit,
        page.offset,
      );
      return paginate(request, page, count, await withdrawalsWithDecisions(app, rows));
    },
  );
};

export default routes;
