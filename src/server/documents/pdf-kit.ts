import { readFile } from 'node:fs/promises';
import type { PDFDocument, PDFFont } from 'pdf-lib';
import { commonJsExports } from '../lib/commonjs';

/**
 * pdf-lib, loaded by the first PDF rather than at start-up: once loaded it holds about 17 MB of the
 * process's memory, and most processes never draw a receipt or a statement. The colours receipts
 * and statements draw with are made once, with the library.
 *
 * Text is drawn with Noto Sans (fonts/, SIL Open Font License, see fonts/README.md), not the PDF standard
 * fonts: those only know WinAnsi, and Ewe, Ga and Hausa are written with ɛ ɔ ŋ ƒ ʋ ɖ ƙ ɗ ɓ. Each PDF embeds
 * only the letters it draws (fontkit subsets the font), a few kilobytes. The fonts folder sits beside this
 * module in the sources and beside the bundle in dist-server (src/server/build.mjs copies it).
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
  /** Embeds the regular and bold faces into `doc`, each subset to the letters the document draws. */
  embedFonts(doc: PDFDocument): Promise<{ regular: PDFFont; bold: PDFFont }>;
}

export const FONT_FILES = { regular: 'NotoSans-Regular.ttf', bold: 'NotoSans-Bold.ttf' } as const;
const FONT_DIR = new URL('./fonts/', import.meta.url);

let loading: Promise<PdfKit> | null = null;

export function loadPdfKit(): Promise<PdfKit> {
  loading ??= (async () => {
    const [lib, fontkit, regular, bold] = await Promise.all([
      commonJsExports(import('pdf-lib')),
      commonJsExports(import('@pdf-lib/fontkit')),
      readFile(new URL(FONT_FILES.regular, FONT_DIR)),
      readFile(new URL(FONT_FILES.bold, FONT_DIR)),
    ]);
    return {
      lib,
      colours: { green: lib.rgb(0, 0.42, 0.25), ink: lib.rgb(0.1, 0.1, 0.1), rule: lib.rgb(0.7, 0.7, 0.7) },
      async embedFonts(doc) {
        doc.registerFontkit(fontkit);
        const [r, b] = await Promise.all([doc.embedFont(regular, { subset: true }), doc.embedFont(bold, { subset: true })]);
        return { regular: r, bold: b };
      },
    };
  })();
  // A failed load (a missing font file) is not kept: the next PDF tries again and says why.
  loading.catch(() => {
    loading = null;
  });
  return loading;
}

const charsets = new WeakMap<PDFFont, Set<number>>();

/** `text` as `font` can draw it: composed letters (NFC), and '?' for a character it has no letter for (emoji, other scripts). */
export function drawable(text: string, font: PDFFont): string {
  let known = charsets.get(font);
  if (!known) {
    known = new Set(font.getCharacterSet());
    charsets.set(font, known);
  }
  let out = '';
  for (const char of text.normalize('NFC')) out += known.has(char.codePointAt(0)!) || char === ' ' ? char : '?';
  return out;
}
