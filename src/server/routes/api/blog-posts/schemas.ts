/** BlogPost schemas (src/shared/cause-contract.ts); writes are admin-only, multipart or JSON. */
import { Type } from 'typebox';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);

export const BlogPostResponse = Type.Object({
  id: Type.String(),
  slug: Type.String(),
  title: Type.String(),
  category: Type.String(),
  category_name: Type.String(),
  excerpt: Type.String(),
  description: Type.String(),
  content: Type.String(),
  image: Nullable(Type.String()),
  featured_image: Nullable(Type.String()),
  url: Nullable(Type.String()),
  author_name: Type.String(),
  published_at: Type.String({ format: 'date-time' }),
});

export const BlogPostBody = Type.Object({
  title: Type.Optional(Type.String({ maxLength: 200 })),
  slug: Type.Optional(Type.String({ maxLength: 120 })),
  category: Type.Optional(Type.String({ maxLength: 100 })),
  excerpt: Type.Optional(Type.String({ maxLength: 1000 })),
  content: Type.Optional(Type.String({ maxLength: 50_000 })),
  url: Type.Optional(Nullable(Type.String({ maxLength: 500 }))),
  author_name: Type.Optional(Type.String({ maxLength: 200 })),
  published_at: Type.Optional(Type.String({ format: 'date-time' })),
  image: Type.Optional(Type.Unknown({ description: 'Image file (multipart); JSON null removes it.' })),
});

export const SlugParams = Type.Object({ slug: Type.String({ maxLength: 200 }) });
