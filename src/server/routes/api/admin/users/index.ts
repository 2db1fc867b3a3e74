/**
 * Admins and accounts: the list (search on email and name, newest first), changing a role (a money
 * action: it needs a fresh check, and is audited), and signing someone out everywhere (every
 * session and refresh token ends; their access tokens stop working at once).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { RoleChangeAnswerSchema, RoleChangeBody } from '../../../../../shared/contract/security';
import { ApiError } from '../../../../lib/api-error';
import { isUuid } from '../../../../repositories/search';
import { audit } from '../../../audit-entry';
import { paginate, PaginatedOf, pageRequest } from '../../../pagination';
import { errorResponses } from '../../../shared-schemas';
import { AdminUserQuery, AdminUserSchema } from '../../../../../shared/contract/admin';
import { english } from '../../../../lib/localize';

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

  const UserParams = Type.Object({ id: Type.String({ maxLength: 100 }) });
  const notFound = () => new ApiError(404, 'not_found', english('errors.notFound.user'));

  app.post(
    '/:id/role/',
    {
      config: { idempotent: false },
      schema: {
        tags: ['admin'],
        summary: "Change an account's role (not your own); needs a code in the last 10 minutes (403 step_up_required)",
        security: [{ bearer: [] }],
        params: UserParams,
        body: RoleChangeBody,
        response: { 200: RoleChangeAnswerSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { id } = request.params;
      if (!isUuid(id)) throw notFound();
      if (id === request.user!.id) throw new ApiError(409, 'conflict', english('errors.admin.ownRole'));
      const target = await app.repos.users.findById(id);
      if (!target || target.deletedAt) throw notFound();
      await app.requireStepUp(request);
      const role = request.body.role;
      await app.repos.transaction(async (repos) => {
        const changed = await repos.users.setRole(id, role);
        if (changed && changed.before !== role) {
          await audit(repos, request, {
            action: 'user.role_change',
            subjectUserId: id,
            targetType: 'user',
            targetId: id,
            before: { role: changed.before },
            after: { role },
          });
        }
      });
      return { id, role };
    },
  );

  app.post(
    '/:id/sign-out/',
    {
      schema: {
        tags: ['admin'],
        summary: 'Sign an account out everywhere: every session and refresh token ends, remembered devices are forgotten',
        security: [{ bearer: [] }],
        params: UserParams,
        response: { 204: Type.Null(), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      if (!isUuid(id) || !(await app.repos.users.findById(id))) throw notFound();
      await app.repos.transaction(async (repos) => {
        const ended = await repos.sessions.revokeAllOf(id);
        await audit(repos, request, {
          action: 'user.sign_out_everywhere',
          subjectUserId: id,
          targetType: 'user',
          targetId: id,
          after: { sessions_ended: ended },
        });
      });
      return reply.code(204).send(null);
    },
  );
};

export default routes;
