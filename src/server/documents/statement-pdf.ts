/**
 * A cause's statement as a PDF (pdf-lib and the embedded font, like receipt-pdf.ts): platform name, cause
 * title, range, a table of the same cells as the CSV (cause-statement.ts) that carries on over as
 * many pages as it needs with its header repeated, and the totals in GHS. Landscape A4, so the
 * seven columns fit at a readable size. Streams stay uncompressed: support can read them as text.
 */
import type { PDFDocument, PDFFont, PDFPage } from 'pdf-lib';
import type { Locale } from '../../shared/i18n/locales';
import { translator, type Translate } from '../lib/i18n';
import { drawable, loadPdfKit, type Palette } from './pdf-kit';
import { columns, statementCells, statementTotals, totalsLines, type CauseStatement } from './cause-statement';
import { pdfGhs } from '../lib/receipt-format';

const SIZE: [number, number] = [841.89, 595.28];
const MARGIN = 40;
const LINE = 14;
const FONT = 8.5;
/** Column widths (points); the amount column is drawn flush right. */
const WIDTHS = [78, 62, 190, 170, 80, 90, 92];
const AMOUNT = 5;

/** Cuts text to a width, with "..." when it did not fit. */
function fit(text: string, font: PDFFont, width: number): string {
  const shown = drawable(text, font);
  if (font.widthOfTextAtSize(shown, FONT) <= width) return shown;
  let cut = shown;
  while (cut.length > 0 && font.widthOfTextAtSize(`${cut}...`, FONT) > width) cut = cut.slice(0, -1);
  return `${cut}...`;
}

class Table {
  private page!: PDFPage;
  private y = 0;
  private pages = 0;

  constructor(
    private readonly doc: PDFDocument,
    private readonly regular: PDFFont,
    private readonly bold: PDFFont,
    private readonly heading: string,
    private readonly colours: Palette,
    private readonly t: Translate,
  ) {}

  private newPage(withHeader: boolean) {
    this.page = this.doc.addPage(SIZE);
    this.pages += 1;
    this.y = SIZE[1] - MARGIN;
    if (this.pages > 1)
      this.text(this.t('documents.statement.continued', { heading: this.heading, page: String(this.pages) }), { size: 9, gap: LINE + 4 });
    if (withHeader) this.cells(columns(this.t), true);
  }

  start() {
    this.newPage(false);
  }

  text(value: string, o: { size?: number; bold?: boolean; color?: keyof Palette; gap?: number } = {}) {
    const size = o.size ?? 10;
    const font = o.bold ? this.bold : this.regular;
    this.page.drawText(drawable(value, font).slice(0, 160), {
      x: MARGIN,
      y: this.y,
      size,
      font,
      color: this.colours[o.color ?? 'ink'],
    });
    this.y -= o.gap ?? size + 8;
  }

  /** One table row; a full page carries on over a new one with the header again. */
  cells(values: string[], header = false) {
    if (this.y < MARGIN + LINE) this.newPage(true);
    const font = header ? this.bold : this.regular;
    let x = MARGIN;
    values.forEach((value, i) => {
      const width = WIDTHS[i]! - 6;
      const shown = fit(value, font, width);
      const left = i === AMOUNT ? x + width - font.widthOfTextAtSize(shown, FONT) : x;
      this.page.drawText(shown, { x: left, y: this.y, size: FONT, font, color: this.colours.ink });
      x += WIDTHS[i]!;
    });
    this.y -= LINE;
    if (header) this.rule();
  }

  rule() {
    const right = MARGIN + WIDTHS.reduce((a, b) => a + b, 0);
    this.page.drawLine({
      start: { x: MARGIN, y: this.y + LINE - 3 },
      end: { x: right, y: this.y + LINE - 3 },
      thickness: 0.5,
      color: this.colours.rule,
    });
  }

  /** A label and an amount under the table's amount column. */
  total(label: string, amount: string, bold = false) {
    if (this.y < MARGIN + LINE) this.newPage(false);
    const font = bold ? this.bold : this.regular;
    const amountRight = MARGIN + WIDTHS.slice(0, AMOUNT + 1).reduce((a, b) => a + b, 0) - 6;
    this.page.drawText(drawable(label, font), { x: MARGIN, y: this.y, size: 10, font, color: this.colours.ink });
    this.page.drawText(amount, { x: amountRight - font.widthOfTextAtSize(amount, 10), y: this.y, size: 10, font, color: this.colours.ink });
    this.y -= LINE + 2;
  }
}

export async function statementPdf(s: CauseStatement, locale: Locale = 'en'): Promise<Buffer> {
  const {
    lib: { PDFDocument },
    colours,
    embedFonts,
  } = await loadPdfKit();
  const t = translator(locale);
  const doc = await PDFDocument.create();
  const heading = t('documents.statement.heading', { cause: s.causeTitle });
  doc.setTitle(t('documents.statement.fileTitle', { id: s.causeId, from: s.from, to: s.to }));
  doc.setLanguage(locale);
  doc.setProducer('Boafo');
  doc.setCreator('Boafo');
  const { regular, bold } = await embedFonts(doc);
  const table = new Table(doc, regular, bold, heading, colours, t);
  table.start();
  table.text('Boafo', { size: 20, bold: true, color: 'green', gap: 26 });
  table.text(heading, { size: 13, bold: true, gap: 18 });
  table.text(t('documents.statement.period', { from: s.from, to: s.to }), { gap: 20 });
  table.cells(columns(t), true);
  if (s.rows.length === 0) table.text(t('documents.statement.none'), { size: 9 });
  for (const row of s.rows) table.cells(statementCells(row, t));
  table.text('', { gap: 8 });
  const lines = totalsLines(statementTotals(s.rows), t);
  lines.forEach(([label, amount], i) => table.total(label, pdfGhs(amount), i === lines.length - 1));
  return Buffer.from(await doc.save({ useObjectStreams: false, objectsPerTick: Infinity }));
}
