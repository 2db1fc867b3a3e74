/** Public cause list and details; create, edit and close for organizers (and admins). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { CAUSE_PAGE_SIZE, type CauseOrdering } from '../../../../shared/cause-list';
import { ApiError } from '../../../lib/api-error';
import { siteOrigin } from '../../../lib/site-origin';
import { allOf, categoryFilter, orderFor, organizerFilter, publicOnly, searchFilter } from '../../../repositories/cause-filters';
import { CausesRepo, PUBLIC_STATUSES, type CauseStatus, type CauseView } from '../../../repositories/causes';
import { isUuid } from '../../../repositories/search';
import type { AuthUser } from '../../../lib/tokens';
import { paginate, PaginatedOf, pageRequest } from '../../pagination';
import { errorResponses } from '../../shared-schemas';
import { applyTo, FORBIDDEN, readCausePayload } from './payload';
import { CauseListQuery, CauseSchema, CauseWriteBody } from '../../../../shared/contract/causes';
import { IdParams } from './schemas';
import { toCause } from './serialize';
import { english } from '../../../lib/localize';

const EDITABLE: CauseStatus[] = ['under_review', 'rejected'];
const CLOSABLE: CauseStatus[] = ['active', 'completed'];
const ALL: CauseStatus[] = ['under_review', 'active', 'rejected', 'closed', 'completed'];

export const causeNotFound = () => new ApiError(404, 'not_found', english('errors.notFound.cause'));
const forbidden = () => new ApiError(403, 'permission_denied', FORBIDDEN);

export function canManage(cause: { organizerId: string }, user: AuthUser | null): boolean {
  return !!user && (user.role === 'admin' || user.id === cause.organizerId);
}

export function canSee(cause: { organizerId: string; status: CauseStatus }, user: AuthUser | null): boolean {
  return PUBLIC_STATUSES.includes(cause.status) || canManage(cause, user);
}

const multipartOrJson = ['multipart/form-data', 'application/json'];

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const serialize = (request: FastifyRequest, view: CauseView, user: AuthUser | null) =>
    toCause(view, canManage(view, user), siteOrigin(app, request), app.config.ussd.serviceCode);

  /** The cause a route acts on, or 404 (malformed ids included: they never reach the uuid column). */
  async function load(id: string) {
    const cause = isUuid(id) ? await app.repos.causes.find(id) : null;
    if (!cause) throw causeNotFound();
    return cause;
  }

  app.get(
    '/list/',
    {
      schema: {
        tags: ['causes'],
        summary: 'Public causes, paginated (active and completed; all of your own with organizer_id = you)',
        querystring: CauseListQuery,
        response: { 200: PaginatedOf(CauseSchema), ...errorResponses(400) },
      },
    },
    async (request) => {
      const q = request.query;
      const user = await app.optionalUser(request);
      const page = pageRequest(q, CAUSE_PAGE_SIZE);
      const ownerSeesAll = !!q.organizer_id && !!user && (user.role === 'admin' || user.id === q.organizer_id);
      const { count, rows } = await app.repos.causes.list({
        where: allOf(
          organizerFilter(q.organizer_id),
          ownerSeesAll ? undefined : publicOnly(),
          searchFilter(q.search),
          categoryFilter(q.category),
        ),
        orderBy: orderFor((q.ordering ?? 'date_created') as CauseOrdering),
        limit: page.limit,
        offset: page.offset,
        viewerId: user?.id,
      });
      return paginate(
        request,
        page,
        count,
        rows.map((row) => serialize(request, row, user)),
      );
    },
  );

  app.get(
    '/details/:id/',
    {
      schema: {
        tags: ['causes'],
        summary: 'One cause (is_favorite when signed in; recurring_donors for its organizer and admins)',
        params: IdParams,
        response: { 200: CauseSchema, ...errorResponses(404) },
      },
    },
    async (request) => {
      const user = await app.optionalUser(request);
      const { id } = request.params;
      const view = isUuid(id) ? await app.repos.causes.findView(id, user?.id) : null;
      if (!view || !canSee(view, user)) throw causeNotFound();
      const cause = serialize(request, view, user);
      // The organizer's own figure: how many donors give to it every month.
      if (canManage(view, user)) cause.recurring_donors = await app.repos.subscriptions.activeDonors(view.id);
      return cause;
    },
  );

  app.post(
    '/create/',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['causes'],
        summary: 'Create a cause (starts under review); multipart with cover_image, or JSON',
        security: [{ bearer: [] }],
        consumes: multipartOrJson,
        body: CauseWriteBody,
        response: { 201: CauseSchema, ...errorResponses(400, 401, 403, 409, 413, 422) },
      },
    },
    async (request, reply) => {
      const user = request.user!;
      if (!(await app.repos.users.findById(user.id))) throw new ApiError(401, 'token_invalid', english('errors.auth.accountGone'));
      const payload = await readCausePayload(app, request.body, user, 'create', user.id);
      const created = await app.repos.transaction(async (repos) => {
        const changes = await applyTo(repos, payload);
        const row = await repos.causes.create({ organizerId: user.id, ...changes } as Parameters<CausesRepo['create']>[0]);
        await repos.notifications.toAdmins({
          title: english('server.notice.causeAwaitingReview.title'),
          message: english('server.notice.causeAwaitingReview.new', { cause: row.name }),
          causeId: row.id,
        });
        return row;
      });
      const view = (await app.repos.causes.findView(created.id, user.id))!;
      return reply.code(201).send(serialize(request, view, user));
    },
  );

  app.put(
    '/:id/',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['causes'],
        summary: 'Edit a cause: the organizer while under review or rejected (a rejected cause is resubmitted); admins any',
        security: [{ bearer: [] }],
        consumes: multipartOrJson,
        params: IdParams,
        body: CauseWriteBody,
        response: { 200: CauseSchema, ...errorResponses(400, 401, 403, 404, 409, 413, 422) },
      },
    },
    async (request) => {
      const user = request.user!;
      const cause = await load(request.params.id);
      if (!canManage(cause, user)) throw forbidden();
      const asOrganizer = cause.organizerId === user.id;
      const notEditable = new ApiError(409, 'conflict', english('errors.cause.notEditable'));
      if (asOrganizer && !EDITABLE.includes(cause.status)) throw notEditable;
      const payload = await readCausePayload(app, request.body, user, 'edit', cause.organizerId);
      const updated = await app.repos.transaction(async (repos) => {
        const row = await repos.causes.update(cause.id, await applyTo(repos, payload), asOrganizer ? EDITABLE : ALL, asOrganizer);
        if (row && cause.status === 'rejected' && row.status === 'under_review') {
          await repos.notifications.toAdmins({
            title: english('server.notice.causeAwaitingReview.title'),
            message: english('server.notice.causeAwaitingReview.resubmitted', { cause: row.name }),
            causeId: row.id,
          });
        }
        return row;
      });
      if (!updated) throw notEditable;
      const view = (await app.repos.causes.findView(cause.id, user.id))!;
      return serialize(request, view, user);
    },
  );

  app.post(
    '/:id/close/',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['causes'],
        summary: 'Close an active or completed cause (organizer or admin)',
        security: [{ bearer: [] }],
        params: IdParams,
        response: { 200: CauseSchema, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => {
      const user = request.user!;
      const cause = await load(request.params.id);
      if (!canManage(cause, user)) throw forbidden();
      const closed = await app.repos.causes.transition(cause.id, CLOSABLE, 'closed');
      if (!closed) throw new ApiError(409, 'conflict', english('errors.cause.notClosable'));
      const view = (await app.repos.causes.findView(cause.id, user.id))!;
      return serialize(request, view, user);
    },
  );
};

export default routes;
