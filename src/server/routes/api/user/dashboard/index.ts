/** The signed-in user's dashboard numbers for one month (UTC). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DashboardSummarySchema, type DashboardSummary } from '../../../../../shared/contract/account';
import { toDecimalString } from '../../../../../shared/money';
import { errorResponses } from '../../../shared-schemas';
import { currentMonth, withCurrentMonth } from '../../admin/metrics/index';
import { MonthQuery } from '../../../../../shared/contract/admin';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/dashboard/',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['profile'],
        summary: 'Your donations, money raised by your causes and counts for a month',
        security: [{ bearer: [] }],
        querystring: MonthQuery,
        response: { 200: DashboardSummarySchema, ...errorResponses(400, 401) },
      },
    },
    async (request): Promise<DashboardSummary> => {
      const userId = request.user!.id;
      const month = request.query.month ?? currentMonth();
      const repo = app.repos.donations;
      const [given, raised, months, unread, states] = await Promise.all([
        repo.monthSum(month, { donorId: userId }),
        repo.monthSum(month, { organizerId: userId }),
        // Activity = donations the user made or donations to the user's causes.
        repo.activeMonthsOf(userId),
        app.repos.notifications.unreadCount(userId),
        app.repos.causes.countByStatus(userId),
      ]);
      const total = Object.values(states).reduce((a, b) => a + b, 0);
      return {
        months: withCurrentMonth(months),
        month,
        donated_in_month: toDecimalString(given.amount),
        donations_in_month: given.count,
        raised_in_month: toDecimalString(raised.amount),
        unread_notifications: unread,
        causes: { total, active: states.active, under_review: states.under_review, rejected: states.rejected },
      };
    },
  );
};

export default routes;
