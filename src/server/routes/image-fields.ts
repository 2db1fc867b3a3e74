/**
 * Optional picture fields of multipart forms (cause covers, landing content),
 * handled exactly like profile pictures: checked by content, re-encoded to
 * WebP sizes, 5 MB limit with a 413 that still names the field.
 */
import type { FastifyInstance } from 'fastify';
import type { ImageSizes } from '../db/schema';
import { ApiError, type FieldErrorList } from '../lib/api-error';
import { InvalidImageError, makeImageVariants, type ImageVariant } from '../lib/images';
import { UploadedFile } from '../plugins/external/multipart';
import { english } from '../lib/localize';

export const TOO_LARGE = english('errors.image.tooLarge');
const NOT_A_FILE = english('errors.image.notAFile');

/**
 * Returns the new value of each field that changed: sizes for an upload, null
 * to remove (JSON null). A string (the URL the client got earlier) or an
 * empty browser part means "unchanged" and is left out. Throws the collected
 * field errors (including ones the caller added before) when anything is wrong.
 */
export async function takeImages(
  app: FastifyInstance,
  body: Record<string, unknown>,
  fields: readonly string[],
  errors: FieldErrorList,
): Promise<Record<string, ImageSizes | null>> {
  const { changes, variants } = await readImages(body, fields, errors);
  await app.repos.media.saveVariants(await app.mediaStore.keepOutsideDatabase(variants));
  return changes;
}

export interface ImageUploads {
  changes: Record<string, ImageSizes | null>;
  /**
   * The re-encoded bytes. The caller hands them to app.mediaStore.keepOutsideDatabase() before its unit of work
   * and saves what that answers (repos.media.saveVariants) in the same transaction as the row that points at them.
   */
  variants: ImageVariant[];
}

/** takeImages without the write: checks and re-encodes, and leaves saving to the caller's unit of work. */
export async function readImages(body: Record<string, unknown>, fields: readonly string[], errors: FieldErrorList): Promise<ImageUploads> {
  const changes: Record<string, ImageSizes | null> = {};
  const uploads: Array<{ field: string; file: UploadedFile }> = [];
  let tooLarge = false;
  for (const field of fields) {
    const value = body[field];
    if (value instanceof UploadedFile) {
      // Browsers send an empty part with no name when no file was chosen.
      if (value.size === 0 && !value.filename) continue;
      if (value.tooLarge) {
        errors.add(field, TOO_LARGE);
        tooLarge = true;
      } else uploads.push({ field, file: value });
    } else if (value === null) {
      changes[field] = null;
    } else if (value !== undefined && typeof value !== 'string') {
      errors.add(field, NOT_A_FILE);
    }
  }
  if (tooLarge) throw new ApiError(413, 'payload_too_large', TOO_LARGE, errors.errors);
  errors.throwIfAny();
  const variants: ImageVariant[] = [];
  for (const { field, file } of uploads) {
    try {
      const made = await makeImageVariants(file.content);
      variants.push(...made);
      changes[field] = Object.fromEntries(made.map((v) => [String(v.width), v.hash]));
    } catch (error) {
      if (!(error instanceof InvalidImageError)) throw error;
      errors.add(field, error.message);
    }
  }
  errors.throwIfAny();
  return { changes, variants };
}

/** Main (largest) image path (`/media/<hash>`) or null, for content that shows one picture. */
export function mainImageUrl(sizes: ImageSizes | null): string | null {
  if (!sizes) return null;
  const widths = Object.keys(sizes).sort((a, b) => Number(b) - Number(a));
  return widths.length > 0 ? `/media/${sizes[widths[0]]}` : null;
}

/**
 * The value of an `image` field: a media path made absolute on `origin` (siteOrigin: PUBLIC_URL,
 * else the address the request came to). The spec's client shows `image` as it comes, from its own
 * origin, where a path would name its server, not ours. Every other image field (cover_image,
 * profile_picture, cover_photo, featured_image, the *_sizes maps) stays a path, as spec §3 says.
 */
export function absoluteImageUrl(origin: string, path: string | null): string | null {
  return path === null ? null : `${origin}${path}`;
}
