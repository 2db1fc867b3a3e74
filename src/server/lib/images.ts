/**
 * Uploaded pictures are checked by their bytes (never by name or declared
 * type) and re-encoded: this drops metadata such as GPS position, applies the
 * EXIF rotation, and gives phones on slow data small WebP variants.
 */
import type { default as Sharp } from 'sharp';
import { sha256Hex } from './tokens';
import { english } from './localize';

/** Widths served in *_sizes maps; the largest is the main URL. */
export const IMAGE_WIDTHS = [96, 320, 960] as const;
/** Refuses decompression bombs (a tiny file claiming a huge canvas). */
const MAX_INPUT_PIXELS = 40_000_000;

export const INVALID_IMAGE = english('errors.image.invalid');

export interface ImageVariant {
  width: number;
  height: number;
  hash: string;
  content: Buffer;
  contentType: 'image/webp';
}

export class InvalidImageError extends Error {}

// Loaded on the first upload, not at start-up: libvips costs about 20 MB that an idle server,
// and a process that never receives a picture, does not need.
let loading: Promise<typeof Sharp> | null = null;
export const loadSharp = () => (loading ??= import('sharp').then((m) => m.default));

export async function makeImageVariants(input: Buffer): Promise<ImageVariant[]> {
  const sharp = await loadSharp();
  try {
    const meta = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    if (!meta.width || !meta.height) throw new InvalidImageError(INVALID_IMAGE);
    const variants: ImageVariant[] = [];
    for (const width of IMAGE_WIDTHS) {
      const { data, info } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
        .rotate()
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer({ resolveWithObject: true });
      variants.push({ width, height: info.height, hash: sha256Hex(data), content: data, contentType: 'image/webp' });
    }
    return variants;
  } catch (error) {
    // sharp throws plain Errors for unsupported or truncated input: all mean "not a usable image".
    throw error instanceof InvalidImageError ? error : new InvalidImageError(INVALID_IMAGE);
  }
}
