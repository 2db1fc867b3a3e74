import { commonJsExports } from '../lib/commonjs';

/**
 * pdf-lib, loaded by the first PDF rather than at start-up: once loaded it holds about 17 MB of the
 * process's memory, and most processes never draw a receipt or a statement. The colours receipts
 * and statements draw with are made once, with the library.
 */
export type PdfLib = typeof import('pdf-lib');
type Colour = ReturnType<PdfLib['rgb']>;

export interface Palette {
  green: Colour;
  ink: Colour;
  rule: Colour;
}

export interface PdfKit {
  lib: PdfLib;
  colours: Palette;
}

let loading: Promise<PdfKit> | null = null;

export function loadPdfKit(): Promise<PdfKit> {
  loading ??= commonJsExports(import('pdf-lib')).then((lib) => ({
    lib,
    colours: { green: lib.rgb(0, 0.42, 0.25), ink: lib.rgb(0.1, 0.1, 0.1), rule: lib.rgb(0.7, 0.7, 0.7) },
  }));
  return loading;
}
