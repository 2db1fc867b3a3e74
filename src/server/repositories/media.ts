/**
 * Pictures keyed by content hash (identical uploads are stored once). A row holds the bytes, or, once
 * `npm run media:migrate` moved them to the object store, only the record that it did (content null).
 */
import { and, count, eq, gt, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { media } from '../db/schema';

export type MediaRow = typeof media.$inferSelect;

/** Bytes to keep in the table; width and height are known for image sizes, not for any other picture. */
export interface MediaBytes {
  hash: string;
  contentType: string;
  content: Buffer;
  width?: number | null;
  height?: number | null;
}

export class MediaRepo {
  constructor(private readonly db: Db) {}

  async saveVariants(variants: readonly MediaBytes[]): Promise<void> {
    if (variants.length === 0) return;
    await this.db
      .insert(media)
      .values(
        variants.map((v) => ({
          hash: v.hash,
          contentType: v.contentType,
          content: v.content,
          byteSize: v.content.length,
          width: v.width ?? null,
          height: v.height ?? null,
        })),
      )
      .onConflictDoNothing();
  }

  async get(hash: string): Promise<MediaRow | null> {
    const [row] = await this.db.select().from(media).where(eq(media.hash, hash)).limit(1);
    return row ?? null;
  }

  /** The next pictures whose bytes are still in the table, in hash order after `after` (keyset: a rerun resumes). */
  async stillHere(after: string, limit: number): Promise<Array<{ hash: string; contentType: string; content: Buffer }>> {
    const rows = await this.db
      .select({ hash: media.hash, contentType: media.contentType, content: media.content })
      .from(media)
      .where(and(isNotNull(media.content), gt(media.hash, after)))
      .orderBy(media.hash)
      .limit(limit);
    return rows.map((row) => ({ ...row, content: Buffer.from(row.content!) }));
  }

  /** Drops the bytes of pictures now kept in the object store; the rows stay as the record of the move. */
  async markMoved(hashes: readonly string[]): Promise<number> {
    if (hashes.length === 0) return 0;
    const moved = await this.db
      .update(media)
      .set({ content: null, movedToStoreAt: sql`now()` })
      .where(and(inArray(media.hash, [...hashes]), isNotNull(media.content)))
      .returning({ hash: media.hash });
    return moved.length;
  }

  /** How many pictures were moved to the object store (an index of moved rows answers: no picture is read). */
  async movedCount(): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(media).where(isNull(media.content));
    return Number(row.n);
  }

  /** How many pictures keep their bytes here, and how many were moved to the object store. */
  async counts(): Promise<{ here: number; moved: number }> {
    const [row] = await this.db.select({ here: count(media.content), total: count() }).from(media);
    return { here: Number(row.here), moved: Number(row.total) - Number(row.here) };
  }

  /** Gives the space of moved bytes back (PGlite has no autovacuum; on PostgreSQL it also shrinks the file). */
  async compact(): Promise<void> {
    await this.db.execute(sql`VACUUM FULL media`);
  }
}
