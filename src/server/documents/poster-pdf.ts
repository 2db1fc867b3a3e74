/**
 * A cause's poster for a church notice board or a shop window (A4), and the same as flyers, four to
 * an A4 page with cut lines: title, picture, goal, a QR code to the cause's page, and what a feature
 * phone dials to give (*920*44*<code>#). The words are in poster-text.ts.
 *
 * The picture is the cover converted by sharp to a JPEG cropped to the frame (pdf-lib embeds JPEG and
 * PNG only; covers may be WebP). The QR code is vector squares (qr-code.ts), one path filled once,
 * so it prints sharp at any size. Text is drawn with the receipts' Noto Sans (pdf-kit.ts), which has the Ewe, Ga and
 * Hausa letters a title or a translated line may hold.
 */
import type { PDFDocument, PDFFont, PDFImage, PDFPage } from 'pdf-lib';
import type { POSTER_FORMATS } from '../../shared/contract/posters';
import { loadSharp } from '../lib/images';
import { drawable, loadPdfKit, type PdfKit } from './pdf-kit';
import * as W from './poster-text';
import { darkRuns, qrModules } from './qr-code';

export type PosterFormat = (typeof POSTER_FORMATS)[number];

const A4: [number, number] = [595.28, 841.89];

/** Composed letters (NFC), so a title typed with combining marks measures and draws as one letter each. */
const printable = (text: string) => text.normalize('NFC');

export interface PosterInput {
  title: string;
  /** Pesewas; 0 = no goal. */
  goal: number;
  /** Where the QR code leads: PUBLIC_URL/causes/<id>. */
  url: string;
  /** The cause's six digits. */
  code: string;
  /** `*920*44*123456#`, or null when no USSD service code is set. */
  dial: string | null;
  /** The cover's bytes (any format sharp reads), or null. */
  cover: Buffer | null;
  locale: W.PosterLocale;
}

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Greedy word wrap by measured width; the last line ends in "..." when the text does not fit. */
function wrap(text: string, font: PDFFont, size: number, width: number, maxLines: number): string[] {
  const words = printable(text).split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let line = '';
  const fits = (value: string) => font.widthOfTextAtSize(value, size) <= width;
  for (let i = 0; i < words.length; i += 1) {
    let word = words[i];
    while (!fits(word) && word.length > 1) word = word.slice(0, -1);
    const next = line ? `${line} ${word}` : word;
    if (fits(next)) {
      line = next;
      continue;
    }
    lines.push(line);
    line = word;
    if (lines.length === maxLines) {
      let last = lines[maxLines - 1];
      while (!fits(`${last}...`) && last.length > 1) last = last.slice(0, -1);
      lines[maxLines - 1] = `${last.trimEnd()}...`;
      return lines;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** A text without spaces (an address) broken anywhere to fit the width, on at most maxLines lines. */
function breakAnywhere(text: string, font: PDFFont, size: number, width: number, maxLines: number): string[] {
  const lines: string[] = [];
  let rest = printable(text);
  while (rest && lines.length < maxLines) {
    let n = rest.length;
    while (n > 1 && font.widthOfTextAtSize(rest.slice(0, n), size) > width) n -= 1;
    lines.push(rest.slice(0, n));
    rest = rest.slice(n);
  }
  return lines;
}

/** The largest size (down to `min`) at which one line of text fits the width. */
function fitSize(text: string, font: PDFFont, size: number, width: number, min = 7): number {
  let s = size;
  while (s > min && font.widthOfTextAtSize(text, s) > width) s -= 0.5;
  return s;
}

/** The cover cropped to the frame's shape, as a JPEG pdf-lib can embed; null when there is none or sharp cannot read it. */
async function coverJpeg(doc: PDFDocument, cover: Buffer | null, width: number, height: number): Promise<PDFImage | null> {
  if (!cover) return null;
  const sharp = await loadSharp();
  const jpeg = await sharp(cover, { limitInputPixels: 40_000_000 })
    .rotate()
    .resize({ width: Math.round(width), height: Math.round(height), fit: 'cover' })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 82 })
    .toBuffer()
    .catch(() => null);
  return jpeg ? doc.embedJpg(jpeg) : null;
}

/** The QR code as filled squares in a size × size square whose lower left corner is (x, y). */
function drawQr(kit: PdfKit, page: PDFPage, url: string, x: number, y: number, size: number): void {
  const modules = qrModules(url);
  const n = modules.length;
  const m = size / n;
  const { lib } = kit;
  page.pushOperators(
    lib.pushGraphicsState(),
    lib.setFillingColor(lib.rgb(0, 0, 0)),
    ...darkRuns(modules).map(([row, col, length]) => lib.rectangle(x + col * m, y + (n - 1 - row) * m, length * m, m)),
    lib.fill(),
    lib.popGraphicsState(),
  );
}

function text(page: PDFPage, kit: PdfKit, value: string, at: { x: number; y: number; size: number; font: PDFFont; green?: boolean }) {
  page.drawText(printable(value), {
    x: at.x,
    y: at.y,
    size: at.size,
    font: at.font,
    color: at.green ? kit.colours.green : kit.colours.ink,
  });
}

/** One poster in a box: A4 (big) or a quarter of A4 (flyer). */
function drawPoster(page: PDFPage, kit: PdfKit, fonts: Fonts, input: PosterInput, box: Box, image: PDFImage | null, big: boolean) {
  const pad = big ? 48 : 18;
  const inner = box.width - 2 * pad;
  const left = box.x + pad;
  const top = box.y + box.height;
  // Brand band.
  const band = big ? 64 : 30;
  page.drawRectangle({ x: box.x, y: top - band, width: box.width, height: band, color: kit.colours.green });
  page.drawText('Boafo', { x: left, y: top - band + band * 0.32, size: big ? 26 : 13, font: fonts.bold, color: kit.lib.rgb(1, 1, 1) });
  const help = W.pleaseHelp(input.locale);
  const helpSize = big ? 16 : 9;
  page.drawText(printable(help), {
    x: box.x + box.width - pad - fonts.regular.widthOfTextAtSize(printable(help), helpSize),
    y: top - band + band * 0.36,
    size: helpSize,
    font: fonts.regular,
    color: kit.lib.rgb(1, 1, 1),
  });
  let y = top - band - (big ? 44 : 24);
  // Title.
  const titleSize = big ? 30 : 14;
  for (const line of wrap(input.title, fonts.bold, titleSize, inner, big ? 3 : 2)) {
    text(page, kit, line, { x: left, y, size: titleSize, font: fonts.bold });
    y -= titleSize * 1.2;
  }
  // The bottom block (QR and dialling) is fixed; the picture takes what is left between.
  const qrSize = big ? 190 : 96;
  const qrY = box.y + (big ? 84 : 34);
  const goalGap = big ? 34 : 18;
  if (image) {
    const room = y - (qrY + qrSize) - goalGap - (big ? 28 : 12);
    const height = Math.min(inner * (big ? 9 / 16 : 0.5), room);
    if (height > 40) {
      const width = Math.min(inner, height * (image.width / image.height));
      page.drawImage(image, { x: left, y: y - height + titleSize * 0.3, width, height });
      y -= height + (big ? 10 : 4);
    }
  }
  y -= big ? 18 : 8;
  text(page, kit, W.goalLine(input.locale, input.goal), { x: left, y, size: big ? 22 : 11, font: fonts.bold, green: true });

  drawQr(kit, page, input.url, left, qrY, qrSize);
  const tx = left + qrSize + (big ? 28 : 12);
  const tw = box.x + box.width - pad - tx;
  let ty = qrY + qrSize;
  // Each line sits below the one before by its own size (the baseline is its bottom), then a little air.
  const line = (value: string, size: number, bold = false, green = false) => {
    const shown = printable(value);
    const s = fitSize(shown, bold ? fonts.bold : fonts.regular, size, tw);
    ty -= s;
    text(page, kit, shown, { x: tx, y: ty, size: s, font: bold ? fonts.bold : fonts.regular, green });
    ty -= s * 0.4;
  };
  line(W.scanToGive(input.locale), big ? 14 : 9);
  for (const part of breakAnywhere(input.url, fonts.regular, big ? 10 : 6.5, tw, 3)) line(part, big ? 10 : 6.5);
  ty -= big ? 18 : 6;
  line(W.noSmartphone(input.locale), big ? 14 : 8, true);
  line(W.dialLine(input.locale, input.dial, input.code), big ? 26 : 13, true, true);
  for (const part of wrap(W.dialHint(input.locale, input.dial), fonts.regular, big ? 11 : 7, tw, 2)) line(part, big ? 11 : 7);
  if (input.dial) line(W.causeCodeLine(input.locale, input.code), big ? 12 : 8);
  text(page, kit, W.footer(input.locale), { x: left, y: box.y + (big ? 40 : 14), size: big ? 10 : 6, font: fonts.regular });
}

export async function posterPdf(input: PosterInput, format: PosterFormat): Promise<Buffer> {
  const kit = await loadPdfKit();
  const { PDFDocument } = kit.lib;
  const doc = await PDFDocument.create();
  doc.setTitle(printable(W.posterTitle(input.locale, input.title)));
  doc.setProducer('Boafo');
  doc.setCreator('Boafo');
  const embedded = await kit.embedFonts(doc);
  // A letter the font does not have (an emoji in a title) becomes '?' rather than an empty box.
  const fonts = embedded;
  input = { ...input, title: drawable(input.title, embedded.bold) };
  const page = doc.addPage(A4);
  const [width, height] = A4;
  if (format === 'a4') {
    const image = await coverJpeg(doc, input.cover, 1200, 675);
    drawPoster(page, kit, fonts, input, { x: 0, y: 0, width, height }, image, true);
  } else {
    const image = await coverJpeg(doc, input.cover, 640, 320);
    const w = width / 2;
    const h = height / 2;
    for (const [x, y] of [
      [0, h],
      [w, h],
      [0, 0],
      [w, 0],
    ]) {
      drawPoster(page, kit, fonts, input, { x, y, width: w, height: h }, image, false);
    }
    // Cut lines.
    const dashed = { thickness: 0.5, color: kit.colours.rule, dashArray: [4, 4] };
    page.drawLine({ start: { x: w, y: 0 }, end: { x: w, y: height }, ...dashed });
    page.drawLine({ start: { x: 0, y: h }, end: { x: width, y: h }, ...dashed });
  }
  return Buffer.from(await doc.save({ useObjectStreams: false, objectsPerTick: Infinity }));
}
