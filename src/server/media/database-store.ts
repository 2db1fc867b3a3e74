/** The default store: pictures in the media table, served by GET /media/<key> (routes/media). */
import type { ImageVariant } from '../lib/images';
import type { MediaRepo } from '../repositories/media';
import type { MediaAnswer, MediaStore, StoredMedia } from './store';

export class DatabaseMediaStore implements MediaStore {
  readonly kind = 'database' as const;
  readonly publicOrigin = null;

  constructor(private readonly repo: MediaRepo) {}

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    await this.repo.saveVariants([{ hash: key, content: bytes, contentType }]);
  }

  async get(key: string): Promise<StoredMedia | null> {
    const row = await this.repo.get(key);
    // No bytes: media:migrate moved them to an object store this process is not configured for.
    return row?.content ? { bytes: Buffer.from(row.content), contentType: row.contentType } : null;
  }

  url(key: string): string {
    return `/media/${key}`;
  }

  answer(key: string): Promise<MediaAnswer | null> {
    return this.get(key);
  }

  async keepOutsideDatabase(variants: ImageVariant[]): Promise<ImageVariant[]> {
    return variants;
  }
}
