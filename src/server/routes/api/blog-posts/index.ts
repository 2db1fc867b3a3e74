/** Blog posts: public list and detail by slug; admins create and edit (multipart with an image, or JSON). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type Static } from 'typebox';
import { BlogPostBody, BlogPostSchema, type BlogPost } from '../../../../shared/contract/content';
import { ApiError, BLANK, FieldErrorList, REQUIRED, validationError } from '../../../lib/api-error';
import type { BlogPostInput, BlogPostRow } from '../../../repositories/content';
import { siteOrigin } from '../../../lib/site-origin';
import { absoluteImageUrl, mainImageUrl, takeImages } from '../../image-fields';
import { errorResponses } from '../../shared-schemas';
import { english } from '../../../lib/localize';

const SlugParams = Type.Object({ slug: Type.String({ maxLength: 200 }) });

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const SLUG_TAKEN = english('errors.field.slugTaken');

export function slugify(title: string): string {
  return (
    title
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 80) || 'post'
  );
}

function toPost(row: BlogPostRow, origin: string): BlogPost {
  const image = mainImageUrl(row.image);
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    category: row.category,
    category_name: row.category,
    excerpt: row.excerpt,
    description: row.excerpt,
    content: row.content,
    image: absoluteImageUrl(origin, image),
    featured_image: image,
    url: row.url,
    author_name: row.authorName,
    published_at: row.publishedAt.toISOString(),
  };
}

const notFound = () => new ApiError(404, 'not_found', english('errors.notFound.blogPost'));
const consumes = ['multipart/form-data', 'application/json'];

/** Unique-index violations (a slug taken by a concurrent writer) become a field error, not a 500. */
function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}

const routes: FastifyPluginAsyncTypebox = async (app) => {
  async function read(body: Static<typeof BlogPostBody>, create: boolean): Promise<BlogPostInput> {
    const errors = new FieldErrorList();
    const values: BlogPostInput = {};
    const title = body.title?.trim();
    if (title) values.title = title;
    else if (create || title !== undefined) errors.add('title', title === undefined ? REQUIRED : BLANK);
    const slug = body.slug?.trim().toLowerCase() || (create && title ? slugify(title) : undefined);
    if (slug !== undefined) {
      if (SLUG.test(slug)) values.slug = slug;
      else errors.add('slug', english('errors.field.slug'));
    }
    if (body.category !== undefined) values.category = body.category.trim();
    if (body.excerpt !== undefined) values.excerpt = body.excerpt.trim();
    if (body.content !== undefined) values.content = body.content.trim();
    if (body.author_name !== undefined) values.authorName = body.author_name.trim();
    if (body.published_at !== undefined) values.publishedAt = new Date(body.published_at);
    if (body.url !== undefined) {
      const url = body.url?.trim() || null;
      if (url && !/^https?:\/\/\S+$/i.test(url)) errors.add('url', english('errors.field.url'));
      else values.url = url;
    }
    const images = await takeImages(app, body as Record<string, unknown>, ['image'], errors);
    if ('image' in images) values.image = images.image;
    return values;
  }

  app.get(
    '/',
    {
      schema: { tags: ['landing'], summary: 'Blog posts, newest first', response: { 200: Type.Array(BlogPostSchema) } },
    },
    async (request) => (await app.repos.content.posts()).map((row) => toPost(row, siteOrigin(app, request))),
  );

  app.get(
    '/:slug/',
    {
      schema: {
        tags: ['landing'],
        summary: 'One blog post',
        params: SlugParams,
        response: { 200: BlogPostSchema, ...errorResponses(404) },
      },
    },
    async (request) => {
      const row = await app.repos.content.post(request.params.slug.toLowerCase());
      if (!row) throw notFound();
      return toPost(row, siteOrigin(app, request));
    },
  );

  app.post(
    '/',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['landing'],
        summary: 'Add a blog post (admin); slug defaults to one made from the title',
        security: [{ bearer: [] }],
        consumes,
        body: BlogPostBody,
        response: { 201: BlogPostSchema, ...errorResponses(400, 401, 403, 409, 413, 422) },
      },
    },
    async (request, reply) => {
      const values = await read(request.body, true);
      const row = await app.repos.content.createPost(values as BlogPostInput & { slug: string; title: string });
      if (!row) throw validationError({ slug: [SLUG_TAKEN] });
      return reply.code(201).send(toPost(row, siteOrigin(app, request)));
    },
  );

  app.put(
    '/:slug/',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['landing'],
        summary: 'Edit a blog post (admin)',
        security: [{ bearer: [] }],
        consumes,
        params: SlugParams,
        body: BlogPostBody,
        response: { 200: BlogPostSchema, ...errorResponses(400, 401, 403, 404, 409, 413, 422) },
      },
    },
    async (request) => {
      const current = await app.repos.content.post(request.params.slug.toLowerCase());
      if (!current) throw notFound();
      const values = await read(request.body, false);
      try {
        const row = await app.repos.content.updatePost(current.slug, values);
        if (!row) throw notFound();
        return toPost(row, siteOrigin(app, request));
      } catch (error) {
        if (isUniqueViolation(error)) throw validationError({ slug: [SLUG_TAKEN] });
        throw error;
      }
    },
  );
};

export default routes;
