/**
 * Where pictures live: the seam between Boafo and object storage. MEDIA_STORE picks the store at start:
 * the database (default: the media table, served by GET /media/<key>) or an S3-compatible bucket.
 *
 * Keys are content-addressed, the sha256 of the bytes (mediaKey), so a key never changes what it names:
 * putting the same key twice is harmless, copies may be cached forever, and two processes storing the
 * same picture at once agree. API answers keep naming pictures `/media/<key>` (spec §3: paths joined to
 * the API's address) whatever the store; with a bucket that path answers a redirect to it.
 */
import type { MediaStoreName } from '../config';
import type { ImageVariant } from '../lib/images';
import { sha256Hex } from '../lib/tokens';

/** Cache-Control of a picture's bytes: its key changes when its content does. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

export const mediaKey = (bytes: Uint8Array): string => sha256Hex(bytes);

export interface StoredMedia {
  bytes: Buffer;
  contentType: string;
}

/** What GET /media/<key> answers: bytes kept here, or where they are kept instead. */
export type MediaAnswer = StoredMedia | { redirect: string };

export interface MediaStore {
  readonly kind: MediaStoreName;
  /** scheme://host browsers load pictures from when that is not the API's own address (the CSP allows it); null = ours. */
  readonly publicOrigin: string | null;
  /** Keeps `bytes` under `key` (mediaKey(bytes)); the same key again changes nothing. */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The bytes under `key`, or null when there are none. */
  get(key: string): Promise<StoredMedia | null>;
  /** Where a client loads `key` from: `/media/<key>` for the database, the bucket's (or CDN's) address for s3. */
  url(key: string): string;
  /** What GET /media/<key> answers; null = not found. */
  answer(key: string): Promise<MediaAnswer | null>;
  /**
   * Uploaded image sizes, before the unit of work that points at them: an object store gets them now (so
   * no transaction waits on the network) and answers none; the database store answers all of them, for
   * the caller to write in its transaction (repos.media.saveVariants) with the row that uses them.
   */
  keepOutsideDatabase(variants: ImageVariant[]): Promise<ImageVariant[]>;
}
