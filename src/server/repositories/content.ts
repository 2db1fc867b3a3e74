/** Landing-page content the admin edits: success stories, blog posts and testimonials. */
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { blogPosts, successStories, testimonials } from '../db/schema';

export type StoryRow = typeof successStories.$inferSelect;
export type BlogPostRow = typeof blogPosts.$inferSelect;
export type TestimonialRow = typeof testimonials.$inferSelect;
export type StoryInput = Partial<typeof successStories.$inferInsert>;
export type BlogPostInput = Partial<typeof blogPosts.$inferInsert>;
export type TestimonialInput = Partial<typeof testimonials.$inferInsert>;

/** Landing lists are short; a hard cap keeps a runaway table from slowing the first paint. */
const LIST_LIMIT = 50;

export class ContentRepo {
  constructor(private readonly db: Db) {}

  stories(): Promise<StoryRow[]> {
    return this.db.select().from(successStories).orderBy(desc(successStories.createdAt), desc(successStories.id)).limit(LIST_LIMIT);
  }

  async createStory(values: StoryInput & Pick<StoryRow, 'title' | 'description'>): Promise<StoryRow> {
    const [row] = await this.db.insert(successStories).values(values).returning();
    return row;
  }

  async updateStory(id: string, values: StoryInput): Promise<StoryRow | null> {
    // An edit with no changes is a read (an UPDATE needs at least one column).
    if (Object.keys(values).length === 0) return (await this.db.select().from(successStories).where(eq(successStories.id, id)))[0] ?? null;
    const [row] = await this.db.update(successStories).set(values).where(eq(successStories.id, id)).returning();
    return row ?? null;
  }

  posts(): Promise<BlogPostRow[]> {
    return this.db.select().from(blogPosts).orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id)).limit(LIST_LIMIT);
  }

  async post(slug: string): Promise<BlogPostRow | null> {
    const [row] = await this.db.select().from(blogPosts).where(eq(blogPosts.slug, slug)).limit(1);
    return row ?? null;
  }

  /** null when the slug is taken (the unique index decides). */
  async createPost(values: BlogPostInput & Pick<BlogPostRow, 'slug' | 'title'>): Promise<BlogPostRow | null> {
    const [row] = await this.db.insert(blogPosts).values(values).onConflictDoNothing().returning();
    return row ?? null;
  }

  async updatePost(slug: string, values: BlogPostInput): Promise<BlogPostRow | null> {
    if (Object.keys(values).length === 0) return this.post(slug);
    const [row] = await this.db.update(blogPosts).set(values).where(eq(blogPosts.slug, slug)).returning();
    return row ?? null;
  }

  testimonials(): Promise<TestimonialRow[]> {
    return this.db.select().from(testimonials).orderBy(desc(testimonials.createdAt), desc(testimonials.id)).limit(LIST_LIMIT);
  }

  async createTestimonial(values: TestimonialInput & Pick<TestimonialRow, 'text' | 'author'>): Promise<TestimonialRow> {
    const [row] = await this.db.insert(testimonials).values(values).returning();
    return row;
  }

  async updateTestimonial(id: string, values: TestimonialInput): Promise<TestimonialRow | null> {
    if (Object.keys(values).length === 0) return (await this.db.select().from(testimonials).where(eq(testimonials.id, id)))[0] ?? null;
    const [row] = await this.db.update(testimonials).set(values).where(eq(testimonials.id, id)).returning();
    return row ?? null;
  }
}
