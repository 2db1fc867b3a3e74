import { imageWidths } from './cause-display';

/**
 * Data saver: the browser's `Save-Data: on` request header, or the app's own "Save data" switch (kept on the device,
 * and in this cookie so the server paints pages the same way: src/server/lib/save-data.ts).
 */
export const SAVE_DATA_COOKIE = 'boafo_save_data';

/** The one width a list picture comes in when saving data (the variants are 96, 320 and 960: server/lib/images.ts). */
export const SAVE_DATA_IMAGE_WIDTH = 320;

/**
 * The picture to show when saving data: the 320 px variant, else the narrowest one at least that wide, else the widest
 * there is; null when the size map is empty (the caller then uses its single URL).
 */
export function saveDataImage(sizes: Record<string, string> | null | undefined): { width: number; url: string } | null {
  const entries = imageWidths(sizes);
  if (!entries.length) return null;
  const [width, url] = entries.find(([w]) => w >= SAVE_DATA_IMAGE_WIDTH) ?? entries[entries.length - 1]!;
  return { width, url };
}
