/** Landing-page statistics cards, computed from real data. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { StatisticSchema, type Statistic } from '../../../../shared/contract/content';
import { formatGhs } from '../../../../shared/money';
import { PLATFORM_CHARGE_PERCENT } from '../donations/index';

function card(key: string, title: string, value: string, description: string): Statistic {
  return { key, title, label: title, value, description };
}

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/',
    {
      schema: { tags: ['landing'], summary: 'Statistics cards', response: { 200: Type.Array(StatisticSchema) } },
    },
    async (): Promise<Statistic[]> => {
      const t = await app.repos.donations.platformTotals();
      return [
        card('total_raised', 'Total raised', formatGhs(t.raised), 'Given by donors to causes across Ghana'),
        card('active_donors', 'Active donors', t.donors.toLocaleString('en-GB'), 'People and families who have given'),
        card('causes_completed', 'Causes completed', t.causesCompleted.toLocaleString('en-GB'), 'Causes that reached their goal'),
        card('platform_charge', 'Platform charge', `${PLATFORM_CHARGE_PERCENT}%`, 'Boafo takes nothing from your donation'),
      ];
    },
  );
};

export default routes;
