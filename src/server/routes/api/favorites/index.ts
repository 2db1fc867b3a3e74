/** The caller's favorite causes: list (newest favorite first), add, remove. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { CAUSE_PAGE_SIZE } from '../../../../shared/cause-list';
import { allOf, latestFavoriteFirst, searchFilter, visibleTo } from '../../../repositories/cause-filters';
import { isUuid } from '../../../repositories/search';
import { paginate, PaginatedOf, PageParams, pageRequest } from '../../pagination';
import { errorResponses } from '../../shared-schemas';
import { canSee, causeNotFound } from '../causes/index';
import { CauseSchema } from '../../../../shared/contract/causes';
import { toCause } from '../causes/serialize';
import { siteOrigin } from '../../../lib/site-origin';
import { FavoriteSchema } from '../../../../shared/contract/account';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', app.authenticate);
  const security = [{ bearer: [] }];

  app.get(
    '/',
    {
      schema: {
        tags: ['favorites'],
        summary: 'Favorite causes you can see, newest favorite first',
        security,
        querystring: Type.Object({ ...PageParams, search: Type.Optional(Type.String({ maxLength: 200 })) }),
        response: { 200: PaginatedOf(CauseSchema), ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const user = request.user!;
      const page = pageRequest(request.query, CAUSE_PAGE_SIZE);
      const { count, rows } = await app.repos.causes.list({
        // Admins see every cause anyway; others keep favorites of causes that are still public or their own.
        where: allOf(user.role === 'admin' ? undefined : visibleTo(user.id), searchFilter(request.query.search)),
        orderBy: latestFavoriteFirst(),
        limit: page.limit,
        offset: page.offset,
        viewerId: user.id,
        favoritesOf: user.id,
      });
      return paginate(
        request,
        page,
        count,
        rows.map((row) =>
          toCause(row, user.role === 'admin' || row.organizerId === user.id, siteOrigin(app, request), app.config.ussd.serviceCode),
        ),
      );
    },
  );

  app.post(
    '/',
    {
      schema: {
        tags: ['favorites'],
        summary: 'Add a favorite (201 new, 200 already there)',
        security,
        body: Type.Object({ cause_id: Type.String({ maxLength: 100 }) }),
        response: { 200: FavoriteSchema, 201: FavoriteSchema, ...errorResponses(400, 401, 404, 409, 422) },
      },
    },
    async (request, reply) => {
      const { cause_id: causeId } = request.body;
      const cause = isUuid(causeId) ? await app.repos.causes.find(causeId) : null;
      if (!cause || !canSee(cause, request.user)) throw causeNotFound();
      const added = await app.repos.favorites.add(request.user!.id, cause.id);
      return reply.code(added ? 201 : 200).send({ cause_id: cause.id, is_favorite: true });
    },
  );

  app.delete(
    '/:cause_id/',
    {
      schema: {
        tags: ['favorites'],
        summary: 'Remove a favorite (204 even when it was not one)',
        security,
        params: Type.Object({ cause_id: Type.String({ maxLength: 100 }) }),
        response: { 204: Type.Null(), ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      const { cause_id: causeId } = request.params;
      if (isUuid(causeId)) await app.repos.favorites.remove(request.user!.id, causeId);
      return reply.code(204).send(null);
    },
  );
};

export default routes;
