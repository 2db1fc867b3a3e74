/** Success stories: public list; admins create and edit (multipart with an image, or JSON). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Static } from 'typebox';
import { SuccessStoryBody, SuccessStorySchema, type SuccessStory } from '../../../../shared/contract/content';
import { BLANK, FieldErrorList, REQUIRED } from '../../../lib/api-error';
import type { StoryInput, StoryRow } from '../../../repositories/content';
import { isUuid } from '../../../repositories/search';
import { contentRoutes } from '../../content-routes';
import { absoluteImageUrl, mainImageUrl, takeImages } from '../../image-fields';
import { english } from '../../../lib/localize';

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
      if (id && !(isUuid(id) && (await app.repos.causes.find(id)))) errors.add('cause_id', english('errors.field.noSuchCause'));
      else values.causeId = id;
    }
    const images = await takeImages(app, body as Record<string, unknown>, ['image'], errors);
    if ('image' in images) values.image = images.image;
    return values;
  }

  contentRoutes(app, {
    plural: 'Success stories',
    one: 'success story',
    notFound: english('errors.notFound.successStory'),
    schema: SuccessStorySchema,
    body: SuccessStoryBody,
    list: () => app.repos.content.stories(),
    read,
    create: (values) => app.repos.content.createStory(values as StoryInput & { title: string; description: string }),
    update: (id, values) => app.repos.content.updateStory(id, values),
    toWire: toStory,
  });
};

export default routes;
