/** The tests' PDF reader (helpers/pdf-text.ts) reads a stream by its /Length, whatever its last byte is. */
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { pdfText } from './helpers/pdf-text';

/** A one-object PDF body whose compressed content stream ends in `last` (found by trying drawings until one does). */
function pdfWhoseStreamEndsIn(last: number): { pdf: Buffer; drawn: string } {
  for (let n = 0; ; n += 1) {
    const drawn = `Receipt ${n}`;
    const content = deflateSync(Buffer.from(`BT <${Buffer.from(drawn, 'latin1').toString('hex')}> Tj ET`, 'latin1'));
    if (content.at(-1) !== last) continue;
    const head = Buffer.from(`%PDF-1.7\n1 0 obj\n<< /Length ${content.length} /Filter /FlateDecode >>\nstream\n`, 'latin1');
    return { pdf: Buffer.concat([head, content, Buffer.from('\nendstream\nendobj\n%%EOF\n', 'latin1')]), drawn };
  }
}

describe('the PDF reader of the tests', () => {
  it('reads a compressed stream that ends in a \\r byte (cutting at "\\r\\nendstream" lost it)', () => {
    const { pdf, drawn } = pdfWhoseStreamEndsIn(0x0d);
    expect(pdfText(pdf)).toContain(drawn);
  });
});
