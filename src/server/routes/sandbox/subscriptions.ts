/**
 * The sandbox's clock for monthly gifts (registered only with the sandbox provider):
 * POST /sandbox/subscriptions/{code}/charge/ is "a month went by" — the provider charges the gift's
 * next month (or the month named) with the outcome asked for, and that month's payment settles
 * through settlePayment like every other. Months are keyed by (subscription, period), so asking
 * for a month that was charged already answers that charge and credits nothing more.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiError } from '../../lib/api-error';
import { newPaymentReference } from '../../payments/reference';
import { SandboxProvider } from '../../payments/sandbox';
import { refreshPayment } from '../../payments/service';
import { openMonthCharge } from '../../payments/subscription-charges';
import { errorResponses } from '../shared-schemas';
import { SandboxChargeBody, SandboxChargeSchema, SubscriptionCodeParams } from '../../../shared/contract/subscriptions';
import { english } from '../../lib/localize';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const sandbox = app.payments;
  if (!(sandbox instanceof SandboxProvider)) return;

  app.post(
    '/subscriptions/:code/charge/',
    {
      schema: {
        tags: ['sandbox'],
        summary: 'Sandbox clock: charge a monthly gift for its next month now (outcome success by default)',
        description:
          '409 when the gift is cancelled or its first month is not paid yet, or when `period` skips a month. ' +
          'A month charged already answers that charge with `charged_now: false`.',
        params: SubscriptionCodeParams,
        body: SandboxChargeBody,
        response: { 200: SandboxChargeSchema, ...errorResponses(400, 404, 409) },
      },
    },
    async (request) => {
      const subscription = await app.repos.subscriptions.find({ code: request.params.code });
      if (!subscription || subscription.provider !== 'sandbox')
        throw new ApiError(404, 'not_found', english('errors.notFound.monthlyGift'));
      const last = await app.repos.subscriptions.lastPeriod(subscription.id);
      const period = request.body?.period ?? last + 1;
      const existing = period <= last ? await app.repos.subscriptions.charge(subscription.id, period) : null;
      if (!existing) {
        if (subscription.status === 'cancelled') throw new ApiError(409, 'conflict', english('errors.sandbox.giftCancelled'));
        if (subscription.status !== 'active') throw new ApiError(409, 'conflict', english('errors.sandbox.firstMonthUnpaid'));
        if (period !== last + 1) throw new ApiError(409, 'conflict', english('errors.sandbox.nextMonth', { month: last + 1 }));
      }
      const { payment, created } = existing
        ? { payment: existing, created: false }
        : await openMonthCharge(app.repos, subscription, period, newPaymentReference());
      if (created)
        await sandbox.recurringCharge(
          payment.reference,
          payment.amount,
          request.body?.outcome ?? 'success',
          subscription.paymentMethod ?? 'card',
        );
      // The request that charged the month settles it as the provider's webhook would: it always asks, and never joins
      // a verify of the same month that another request started before the charge was recorded (that one would
      // answer "pending" and the month would wait for the sweeper). A repeat verifies; a settled month stays as it is.
      const settled = (await refreshPayment(app, payment.reference, created)) ?? payment;
      const [view] = (await app.repos.subscriptions.listForUser(subscription.userId)).filter((v) => v.subscription.id === subscription.id);
      return {
        subscription_code: subscription.code,
        period,
        reference: settled.reference,
        status: settled.status,
        charged_now: created,
        charges: view?.charges ?? 0,
      };
    },
  );
};

export default routes;
