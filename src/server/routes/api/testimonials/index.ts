/** Testimonials: public list; admins create and edit (multipart with a photo, or JSON). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type Static } from 'typebox';
import { TestimonialBody, TestimonialSchema, type Testimonial } from '../../../../shared/contract/content';
import { ApiError, BLANK, FieldErrorList, REQUIRED } from '../../../lib/api-error';
import type { TestimonialInput, TestimonialRow } from '../../../repositories/content';
import { isUuid } from '../../../repositories/search';
import { siteOrigin } from '../../../lib/site-origin';
import { absoluteImageUrl, mainImageUrl, takeImages } from '../../image-fields';
import { errorResponses } from '../../shared-schemas';

function toTestimonial(row: TestimonialRow, origin: string): Testimonial {
  return {
    id: row.id,
    text: row.text,
    content: row.text,
    author: row.author,
    name: row.author,
    role: row.role,
    image: absoluteImageUrl(origin, mainImageUrl(row.image)),
  };
}

const notFound = () => new ApiError(404, 'not_found', 'Testimonial not found.');
const consumes = ['multipart/form-data', 'application/json'];

const routes: FastifyPluginAsyncTypebox = async (app) => {
  async function read(body: Static<typeof TestimonialBody>, create: boolean): Promise<TestimonialInput> {
    const errors = new FieldErrorList();
    const values: TestimonialInput = {};
    const text = (body.text ?? body.content)?.trim();
    const author = (body.author ?? body.name)?.trim();
    if (text) values.text = text;
    else if (create || text !== undefined) errors.add('text', text === undefined ? REQUIRED : BLANK);
    if (author) values.author = author;
    else if (create || author !== undefined) errors.add('author', author === undefined ? REQUIRED : BLANK);
    if (body.role !== undefined) values.role = body.role.trim();
    const images = await takeImages(app, body as Record<string, unknown>, ['image'], errors);
    if ('image' in images) values.image = images.image;
    return values;
  }

  app.get(
    '/',
    {
      schema: { tags: ['landing'], summary: 'Testimonials, newest first', response: { 200: Type.Array(TestimonialSchema) } },
    },
    async (request) => (await app.repos.content.testimonials()).map((row) => toTestimonial(row, siteOrigin(app, request))),
  );

  app.post(
    '/',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['landing'],
        summary: 'Add a testimonial (admin)',
        security: [{ bearer: [] }],
        consumes,
        body: TestimonialBody,
        response: { 201: TestimonialSchema, ...errorResponses(400, 401, 403, 409, 413, 422) },
      },
    },
    async (request, reply) => {
      const values = await read(request.body, true);
      const row = await app.repos.content.createTestimonial(values as TestimonialInput & { text: string; author: string });
      return reply.code(201).send(toTestimonial(row, siteOrigin(app, request)));
    },
  );

  app.put(
    '/:id/',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['landing'],
        summary: 'Edit a testimonial (admin)',
        security: [{ bearer: [] }],
        consumes,
        params: Type.Object({ id: Type.String({ maxLength: 100 }) }),
        body: TestimonialBody,
        response: { 200: TestimonialSchema, ...errorResponses(400, 401, 403, 404, 409, 413, 422) },
      },
    },
    async (request) => {
      const { id } = request.params;
      if (!isUuid(id)) throw notFound();
      const values = await read(request.body, false);
      const row = await app.repos.content.updateTestimonial(id, values);
      if (!row) throw notFound();
      return toTestimonial(row, siteOrigin(app, request));
    },
  );
};

export default routes;
