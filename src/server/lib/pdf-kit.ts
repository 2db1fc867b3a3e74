/**
 * pdf-lib, loaded by the first PDF rather than at start-up: once loaded it holds about 17 MB of the
 * process's memory, and most processes never draw a receipt or a statement. Colours stay plain
 * numbers until then.
 */
export type PdfLib = typeof import('pdf-lib');

let loading: Promise<PdfLib> | null = null;

export function loadPdfLib(): Promise<PdfLib> {
  loading ??= import('pdf-lib');
  return loading;
}

/** Red, green, blue from 0 to 1, as pdf-lib's rgb() takes them. */
export type Shade = readonly [number, number, number];

export const GREEN: Shade = [0, 0.42, 0.25];
export const INK: Shade = [0.1, 0.1, 0.1];
export const RULE: Shade = [0.7, 0.7, 0.7];
