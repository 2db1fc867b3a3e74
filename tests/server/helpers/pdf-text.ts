/**
 * The text a PDF draws, read back without a PDF library of our own making: its content streams
 * inflated, each hex string shown with Tj decoded (how pdf-lib writes text), in drawing order.
 */
import { inflateSync } from 'node:zlib';

export function pdfText(body: Buffer): string {
  const raw = body.toString('latin1');
  const parts: string[] = [];
  for (const match of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(match[1], 'latin1')).toString('latin1');
    } catch {
      content = match[1];
    }
    for (const text of content.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) parts.push(Buffer.from(text[1], 'hex').toString('latin1'));
  }
  return parts.join('\n');
}
