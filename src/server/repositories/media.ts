/** Image bytes in the database, keyed by content hash (identical uploads are stored once). */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { media } from '../db/schema';
import type { ImageVariant } from '../lib/images';

export type MediaRow = typeof media.$inferSelect;

export class MediaRepo {
  constructor(private readonly db: Db) {}

  async saveVariants(variants: ImageVariant[]): Promise<void> {
    await this.db
      .insert(media)
      .values(
        variants.map((v) => ({
          hash: v.hash,
          contentType: v.contentType,
          content: v.content,
          byteSize: v.content.length,
          width: v.width,
          height: v.height,
        })),
      )
      .onConflictDoNothing();
  }

  async get(hash: string): Promise<MediaRow | null> {
    const [row] = await this.db.select().from(media).where(eq(media.hash, hash)).limit(1);
    return row ?? null;
  }
}
