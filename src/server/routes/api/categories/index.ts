/** Cause categories for the create form and the list filter, sorted by name. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CategoryListSchema } from '../../../../shared/contract/causes';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/',
    {
      schema: { tags: ['causes'], summary: 'All categories, by name', response: { 200: CategoryListSchema } },
    },
    async () => app.repos.categories.list(),
  );
};

export default routes;
