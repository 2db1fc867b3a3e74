/** Admin dashboard metrics: completed donations per UTC day of a month, platform totals, latest pending donations. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AdminMetricsSchema, MonthQuery, type AdminMetrics } from '../../../../../shared/contract/admin';
import { toDecimalString } from '../../../../../shared/money';
import { errorResponses } from '../../../shared-schemas';

export function currentMonth(now = new Date()): string {
  return now.toISOString().slice(0, 7);
}

/** Every YYYY-MM-DD of a month, so the chart has a point for days without donations. */
export function daysOf(month: string): string[] {
  const [y, m] = month.split('-').map(Number);
  const count = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return Array.from({ length: count }, (_, i) => `${month}-${String(i + 1).padStart(2, '0')}`);
}

/** Months with data plus the current one, newest first, without duplicates. */
export function withCurrentMonth(months: string[]): string[] {
  return [...new Set([currentMonth(), ...months])].sort().reverse();
}

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', app.requireAdmin);

  app.get(
    '/',
    {
      schema: {
        tags: ['admin'],
        summary: 'Donation metrics for a month (UTC days, zero-filled)',
        security: [{ bearer: [] }],
        querystring: MonthQuery,
        response: { 200: AdminMetricsSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request): Promise<AdminMetrics> => {
      const month = request.query.month ?? currentMonth();
      const repo = app.repos.donations;
      const [daily, months, totals, inMonth, users, states, pending] = await Promise.all([
        repo.dailyTotals(month),
        repo.months(),
        repo.platformTotals(),
        repo.monthSum(month),
        app.repos.adminUsers.countUsers(),
        app.repos.causes.countByStatus(),
        repo.latestPending(10),
      ]);
      const byDay = new Map(daily.map((d) => [d.day, d]));
      return {
        month,
        months: withCurrentMonth(months),
        days: daysOf(month).map((date) => ({
          date,
          amount: toDecimalString(byDay.get(date)?.amount ?? 0),
          count: byDay.get(date)?.count ?? 0,
        })),
        totals: {
          raised: toDecimalString(totals.raised),
          raised_in_month: toDecimalString(inMonth.amount),
          donations: totals.donations,
          donors: totals.donors,
          users,
          causes_active: states.active,
          causes_pending: states.under_review,
        },
        pending_donations: pending.map((d) => ({
          id: d.id,
          cause_id: d.causeId,
          cause_title: d.causeTitle,
          amount: toDecimalString(d.amount),
          email: d.email,
          created_at: d.createdAt.toISOString(),
        })),
      };
    },
  );
};

export default routes;
