/** Admin user list with search on email and name, newest first. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { paginate, PaginatedOf, pageRequest } from '../../../pagination';
import { errorResponses } from '../../../shared-schemas';
import { AdminUserQuery, AdminUserSchema } from '../../../../../shared/contract/admin';

const USERS_PAGE_SIZE = 20;

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', app.requireAdmin);

  app.get(
    '/',
    {
      schema: {
        tags: ['admin'],
        summary: 'Users, paginated, with cause and donation counts',
        security: [{ bearer: [] }],
        querystring: AdminUserQuery,
        response: { 200: PaginatedOf(AdminUserSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const page = pageRequest(request.query, USERS_PAGE_SIZE);
      const { count, rows } = await app.repos.adminUsers.list(request.query.search ?? '', page.limit, page.offset);
      return paginate(
        request,
        page,
        count,
        rows.map((u) => ({
          id: u.id,
          email: u.email,
          name: `${u.firstName} ${u.lastName}`.trim(),
          role: u.role,
          created_at: u.createdAt.toISOString(),
          causes_count: u.causesCount,
          donations_count: u.donationsCount,
        })),
      );
    },
  );
};

export default routes;
