/** Success stories: public list; admins create and edit (multipart with an image, or JSON). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type Static } from 'typebox';
import { SuccessStoryBody, SuccessStorySchema, type SuccessStory } from '../../../../shared/contract/content';
import { ApiError, BLANK, FieldErrorList, REQUIRED } from '../../../lib/api-error';
import type { StoryInput, StoryRow } from '../../../repositories/content';
import { isUuid } from '../../../repositories/search';
import { siteOrigin } from '../../../lib/site-origin';
import { absoluteImageUrl, mainImageUrl, takeImages } from '../../image-fields';
import { errorResponses } from '../../shared-schemas';

function toStory(row: StoryRow, origin: string): SuccessStory {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    image: absoluteImageUrl(origin, mainImageUrl(row.image)),
    cause_id: row.causeId,
    created_at: row.createdAt.toISOString(),
  };
}

const notFound = () => new ApiError(404, 'not_found', 'Success story not found.');
const consumes = ['multipart/form-data', 'application/json'];

const routes: FastifyPluginAsyncTypebox = async (app) => {
  async function read(body: Static<typeof SuccessStoryBody>, create: boolean): Promise<StoryInput> {
    const errors = new FieldErrorList();
    const values: StoryInput = {};
    for (const field of ['title', 'description'] as const) {
      const text = body[field]?.trim();
      if (text) values[field] = text;
      else if (create || text !== undefined) errors.add(field, text === undefined ? REQUIRED : BLANK);
    }
    if (body.cause_id !== undefined) {
      const id = body.cause_id?.trim() || null;
      if (id && !(isUuid(id) && (await app.repos.causes.find(id)))) errors.add('cause_id', 'No cause with this id exists.');
      else values.causeId = id;
    }
    const images = await takeImages(app, body as Record<string, unknown>, ['image'], errors);
    if ('image' in images) values.image = images.image;
    return values;
  }

  app.get(
    '/',
    {
      schema: { tags: ['landing'], summary: 'Success stories, newest first', response: { 200: Type.Array(SuccessStorySchema) } },
    },
    async (request) => (await app.repos.content.stories()).map((row) => toStory(row, siteOrigin(app, request))),
  );

  app.post(
    '/',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['landing'],
        summary: 'Add a success story (admin)',
        security: [{ bearer: [] }],
        consumes,
        body: SuccessStoryBody,
        response: { 201: SuccessStorySchema, ...errorResponses(400, 401, 403, 409, 413, 422) },
      },
    },
    async (request, reply) => {
      const values = await read(request.body, true);
      const row = await app.repos.content.createStory(values as StoryInput & { title: string; description: string });
      return reply.code(201).send(toStory(row, siteOrigin(app, request)));
    },
  );

  app.put(
    '/:id/',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['landing'],
        summary: 'Edit a success story (admin)',
        security: [{ bearer: [] }],
        consumes,
        params: Type.Object({ id: Type.String({ maxLength: 100 }) }),
        body: SuccessStoryBody,
        response: { 200: SuccessStorySchema, ...errorResponses(400, 401, 403, 404, 409, 413, 422) },
      },
    },
    async (request) => {
      const { id } = request.params;
      if (!isUuid(id)) throw notFound();
      const values = await read(request.body, false);
      const row = await app.repos.content.updateStory(id, values);
      if (!row) throw notFound();
      return toStory(row, siteOrigin(app, request));
    },
  );
};

export default routes;
