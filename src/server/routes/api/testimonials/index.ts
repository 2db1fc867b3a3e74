/** Testimonials: public list; admins create and edit (multipart with a photo, or JSON). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Static } from 'typebox';
import { TestimonialBody, TestimonialSchema, type Testimonial } from '../../../../shared/contract/content';
import { BLANK, FieldErrorList, REQUIRED } from '../../../lib/api-error';
import type { TestimonialInput, TestimonialRow } from '../../../repositories/content';
import { contentRoutes } from '../../content-routes';
import { absoluteImageUrl, mainImageUrl, takeImages } from '../../image-fields';
import { english } from '../../../lib/localize';

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

  contentRoutes(app, {
    plural: 'Testimonials',
    one: 'testimonial',
    notFound: english('errors.notFound.testimonial'),
    schema: TestimonialSchema,
    body: TestimonialBody,
    list: () => app.repos.content.testimonials(),
    read,
    create: (values) => app.repos.content.createTestimonial(values as TestimonialInput & { text: string; author: string }),
    update: (id, values) => app.repos.content.updateTestimonial(id, values),
    toWire: toTestimonial,
  });
};

export default routes;
