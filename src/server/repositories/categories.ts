/** Cause categories: the list for forms and filters, and the category a cause payload names. */
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { categories } from '../db/schema';
import { isUuid } from './search';

export class CategoriesRepo {
  constructor(private readonly db: Db) {}

  /** All categories, by name (any case), ties by id. */
  async list(): Promise<{ id: string; name: string }[]> {
    return this.db
      .select({ id: categories.id, name: categories.name })
      .from(categories)
      .orderBy(asc(sql`lower(${categories.name})`), asc(categories.id));
  }

  /**
   * The category a payload names: an existing category's id, or a name (any case) that is found
   * or created. Concurrent creators of one name end up with the same row.
   */
  async resolve(idOrName: string): Promise<string> {
    if (isUuid(idOrName)) {
      const [row] = await this.db.select({ id: categories.id }).from(categories).where(eq(categories.id, idOrName)).limit(1);
      if (row) return row.id;
    }
    await this.db.insert(categories).values({ name: idOrName }).onConflictDoNothing();
    const [row] = await this.db
      .select({ id: categories.id })
      .from(categories)
      .where(sql`lower(${categories.name}) = lower(${idOrName})`)
      .limit(1);
    return row.id;
  }
}
