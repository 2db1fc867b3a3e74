/**
 * The landing page's editable lists (success stories, testimonials): a public list, an admin's create
 * and edit (multipart with a picture, or JSON). Each list says how it reads its body and answers its
 * rows; the routes, their schemas and the 404 are written once here.
 */
import type { FastifyInstance } from 'fastify';
import { Type, type Static, type TObject } from 'typebox';
import { ApiError } from '../lib/api-error';
import { siteOrigin } from '../lib/site-origin';
import { isUuid } from '../repositories/search';
import { errorResponses } from './shared-schemas';

export interface ContentList<Body extends TObject, Input, Row, Wire> {
  /** 'Success stories' and 'success story': the summaries' words. */
  plural: string;
  one: string;
  /** The 404's detail (an `errors` catalog line, so it is answered in the reader's language). */
  notFound: string;
  schema: TObject;
  body: Body;
  list(): Promise<Row[]>;
  /** The body's values; field errors thrown as a 400. `create`: the required fields must be there. */
  read(body: Static<Body>, create: boolean): Promise<Input>;
  create(values: Input): Promise<Row>;
  update(id: string, values: Input): Promise<Row | null>;
  toWire(row: Row, origin: string): Wire;
}

const consumes = ['multipart/form-data', 'application/json'];

export function contentRoutes<Body extends TObject, Input, Row, Wire>(app: FastifyInstance, c: ContentList<Body, Input, Row, Wire>): void {
  const notFound = () => new ApiError(404, 'not_found', c.notFound);

  app.get(
    '/',
    { schema: { tags: ['landing'], summary: `${c.plural}, newest first`, response: { 200: Type.Array(c.schema) } } },
    async (request) => (await c.list()).map((row) => c.toWire(row, siteOrigin(app, request))),
  );

  app.post(
    '/',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['landing'],
        summary: `Add a ${c.one} (admin)`,
        security: [{ bearer: [] }],
        consumes,
        body: c.body,
        response: { 201: c.schema, ...errorResponses(400, 401, 403, 409, 413, 422) },
      },
    },
    async (request, reply) => {
      const row = await c.create(await c.read(request.body as Static<Body>, true));
      return reply.code(201).send(c.toWire(row, siteOrigin(app, request)));
    },
  );

  app.put(
    '/:id/',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['landing'],
        summary: `Edit a ${c.one} (admin)`,
        security: [{ bearer: [] }],
        consumes,
        params: Type.Object({ id: Type.String({ maxLength: 100 }) }),
        body: c.body,
        response: { 200: c.schema, ...errorResponses(400, 401, 403, 404, 409, 413, 422) },
      },
    },
    async (request) => {
      const { id } = request.params as { id: string };
      if (!isUuid(id)) throw notFound();
      const row = await c.update(id, await c.read(request.body as Static<Body>, false));
      if (!row) throw notFound();
      return c.toWire(row, siteOrigin(app, request));
    },
  );
}
