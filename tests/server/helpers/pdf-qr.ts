/**
 * Reads the QR codes a PDF draws back to their text, without a PDF renderer: the filled rectangles
 * (`x y w h re`) of its content streams are painted black on a white bitmap, each group of them on
 * its own (one per poster on a page of flyers), with a white quiet zone around, and jsQR decodes the
 * picture, as a phone camera would. Only the QR codes are drawn with `re` (text, pictures and
 * pdf-lib's own rectangles use other operators), which the test of the page checks by counting.
 */
import { inflateSync } from 'node:zlib';
import jsQR from 'jsqr';

interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

export function pdfRectangles(body: Buffer): Rect[] {
  const raw = body.toString('latin1');
  const rects: Rect[] = [];
  for (const match of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(match[1], 'latin1')).toString('latin1');
    } catch {
      content = match[1];
    }
    for (const op of content.matchAll(/(-?[\d.]+) (-?[\d.]+) (-?[\d.]+) (-?[\d.]+) re\b/g)) {
      rects.push({ x: Number(op[1]), y: Number(op[2]), w: Number(op[3]), h: Number(op[4]) });
    }
  }
  return rects;
}

/** Groups rectangles that touch or nearly touch (closer than `gap` points) into separate codes. */
function groups(all: Rect[], gap: number): Rect[][] {
  // Sorted by y, a rectangle is compared only with those that start less than a gap above it.
  const rects = [...all].sort((a, b) => a.y - b.y);
  const parent = rects.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i])));
  for (let i = 0; i < rects.length; i += 1) {
    for (let j = i + 1; j < rects.length && rects[j].y - (rects[i].y + rects[i].h) < gap; j += 1) {
      const a = rects[i];
      const b = rects[j];
      const apart = Math.max(b.x - (a.x + a.w), a.x - (b.x + b.w), b.y - (a.y + a.h), a.y - (b.y + b.h));
      if (apart < gap) parent[find(i)] = find(j);
    }
  }
  const byRoot = new Map<number, Rect[]>();
  rects.forEach((rect, i) => byRoot.set(find(i), [...(byRoot.get(find(i)) ?? []), rect]));
  return [...byRoot.values()];
}

function decode(rects: Rect[]): string | null {
  const module = Math.min(...rects.map((r) => r.h));
  const scale = 4 / module;
  const quiet = 4 * module;
  const minX = Math.min(...rects.map((r) => r.x)) - quiet;
  const minY = Math.min(...rects.map((r) => r.y)) - quiet;
  const maxX = Math.max(...rects.map((r) => r.x + r.w)) + quiet;
  const maxY = Math.max(...rects.map((r) => r.y + r.h)) + quiet;
  const width = Math.ceil((maxX - minX) * scale);
  const height = Math.ceil((maxY - minY) * scale);
  const pixels = new Uint8ClampedArray(width * height * 4).fill(255);
  for (const r of rects) {
    const left = Math.round((r.x - minX) * scale);
    const right = Math.round((r.x + r.w - minX) * scale);
    // PDF y grows upwards, a bitmap's rows downwards.
    const top = Math.round((maxY - (r.y + r.h)) * scale);
    const bottom = Math.round((maxY - r.y) * scale);
    for (let row = top; row < bottom; row += 1) {
      for (let col = left; col < right; col += 1) {
        const i = (row * width + col) * 4;
        pixels[i] = pixels[i + 1] = pixels[i + 2] = 0;
      }
    }
  }
  return jsQR(pixels, width, height)?.data ?? null;
}

/** The text of every QR code the PDF draws, in no particular order (null for one that does not read). */
export function pdfQrCodes(body: Buffer): (string | null)[] {
  const rects = pdfRectangles(body);
  if (rects.length === 0) return [];
  const module = Math.min(...rects.map((r) => r.h));
  return groups(rects, module * 4).map(decode);
}
