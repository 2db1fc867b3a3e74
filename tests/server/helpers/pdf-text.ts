/**
 * The text a PDF draws, read back without a PDF library of our own making: its content streams
 * inflated, each hex string shown with Tj decoded (how pdf-lib writes text), in drawing order.
 * A string drawn with an embedded font is a run of 2-byte glyph ids: it is read through that font's
 * ToUnicode map, as a PDF reader's copy and search do, so a letter comes back only when the font both
 * has it and maps it back to its Unicode character. Other strings are single WinAnsi bytes.
 */
import { inflateSync } from 'node:zlib';

function streamText(body: string): string {
  try {
    return inflateSync(Buffer.from(body, 'latin1')).toString('latin1');
  } catch {
    return body;
  }
}

/**
 * A stream's bytes: exactly /Length of them when the dictionary says so directly. Cutting at the
 * "\nendstream" that follows instead would drop compressed data that happens to end in a \r byte
 * (about one stream in 256), and the page's text would vanish.
 */
function streamData(object: string, dict: string, from: number): string {
  const length = /\/Length (\d+)\b(?!\s+\d+\s+R)/.exec(dict);
  if (length) return object.slice(from, from + Number(length[1]));
  return /([\s\S]*?)\r?\nendstream/.exec(object.slice(from))?.[1] ?? '';
}

/** A ToUnicode CMap (bfchar and bfrange entries) → glyph id (hex, lower case) → text. */
function readCMap(cmap: string): Map<string, string> {
  const map = new Map<string, string>();
  const utf16 = (hex: string) => Buffer.from(hex, 'hex').swap16().toString('utf16le');
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g))
    for (const [, code, text] of block[1].matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g)) map.set(code.toLowerCase(), utf16(text));
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g))
    for (const [, from, to, start] of block[1].matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g)) {
      for (let code = parseInt(from, 16), n = 0; code <= parseInt(to, 16); code += 1, n += 1) {
        const text = (parseInt(start, 16) + n).toString(16).padStart(start.length, '0');
        map.set(code.toString(16).padStart(from.length, '0'), utf16(text));
      }
    }
  return map;
}

export function pdfText(body: Buffer): string {
  const raw = body.toString('latin1');
  const objects = new Map<string, { dict: string; stream: string | null }>();
  for (const match of raw.matchAll(/(\d+) 0 obj\s*([\s\S]*?)endobj/g)) {
    const start = /stream\r?\n/.exec(match[2]);
    const dict = match[2].slice(0, start?.index ?? undefined);
    objects.set(match[1], { dict, stream: start ? streamText(streamData(match[2], dict, start.index + start[0].length)) : null });
  }
  // Font resource name (unique in a pdf-lib document) → its ToUnicode map, for the fonts that have one.
  const fonts = new Map<string, Map<string, string>>();
  for (const { dict } of objects.values()) {
    const resources = /\/Font\s*<<([\s\S]*?)>>/.exec(dict);
    if (!resources) continue;
    for (const [, name, id] of resources[1].matchAll(/\/([^\s/<>]+)\s+(\d+) 0 R/g)) {
      const toUnicode = /\/ToUnicode (\d+) 0 R/.exec(objects.get(id)?.dict ?? '');
      const cmap = toUnicode && objects.get(toUnicode[1])?.stream;
      if (cmap) fonts.set(name, readCMap(cmap));
    }
  }
  const parts: string[] = [];
  for (const { stream } of objects.values()) {
    if (!stream || !/Tj/.test(stream)) continue;
    let font: Map<string, string> | undefined;
    for (const op of stream.matchAll(/\/([^\s/<>]+)\s+[\d.]+\s+Tf|<([0-9A-Fa-f]*)>\s*Tj/g)) {
      if (op[1] !== undefined) font = fonts.get(op[1]);
      else if (font) parts.push((op[2].toLowerCase().match(/.{4}/g) ?? []).map((code) => font!.get(code) ?? '\ufffd').join(''));
      else parts.push(Buffer.from(op[2], 'hex').toString('latin1'));
    }
  }
  return parts.join('\n');
}
