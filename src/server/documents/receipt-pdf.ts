/**
 * Receipt and yearly statement PDFs. The standard fonts only draw WinAnsi, so amounts read
 * "GHS 25.00" (no cedi sign) and other text is reduced to what those fonts can show.
 * Streams are left uncompressed: the files are small, and support can read them as text.
 */
import type { PDFDocument, PDFFont, PDFPage } from 'pdf-lib';
import { loadPdfKit, type Palette } from './pdf-kit';
import { PAYMENT_METHOD_LABELS } from '../../shared/payment-methods';
import { pdfGhs, receiptDate } from '../lib/receipt-format';

const MARGIN = 56;
const LINE = 18;

/** Keeps what WinAnsi can encode; anything else (emoji, other scripts) becomes '?'. */
export const printable = (text: string) => text.normalize('NFC').replace(/[^\x20-\x7e\u00a0-\u00ff]/g, '?');

export interface PdfLine {
  label: string;
  /** Pesewas. */
  amount: number;
}

class Writer {
  private page!: PDFPage;
  private y = 0;

  constructor(
    private readonly doc: PDFDocument,
    private readonly regular: PDFFont,
    private readonly bold: PDFFont,
    private readonly colours: Palette,
  ) {
    this.newPage();
  }

  private newPage() {
    this.page = this.doc.addPage([595.28, 841.89]);
    this.y = this.page.getHeight() - MARGIN;
  }

  text(value: string, options: { size?: number; bold?: boolean; color?: keyof Palette; gap?: number } = {}) {
    if (this.y < MARGIN + LINE) this.newPage();
    const size = options.size ?? 11;
    this.page.drawText(printable(value).slice(0, 110), {
      x: MARGIN,
      y: this.y,
      size,
      font: options.bold ? this.bold : this.regular,
      color: this.colours[options.color ?? 'ink'],
    });
    this.y -= options.gap ?? Math.max(LINE, size + 8);
  }

  /** A label on the left and an amount flush right. */
  row(label: string, amount: string, bold = false) {
    if (this.y < MARGIN + LINE) this.newPage();
    const font = bold ? this.bold : this.regular;
    const right = this.page.getWidth() - MARGIN;
    const shown = printable(label);
    this.page.drawText(shown.length > 70 ? `${shown.slice(0, 67)}...` : shown, { x: MARGIN, y: this.y, size: 11, font });
    this.page.drawText(amount, { x: right - font.widthOfTextAtSize(amount, 11), y: this.y, size: 11, font });
    this.y -= LINE;
  }

  rule() {
    this.page.drawLine({
      start: { x: MARGIN, y: this.y + LINE / 2 },
      end: { x: this.page.getWidth() - MARGIN, y: this.y + LINE / 2 },
      thickness: 0.5,
      color: this.colours.rule,
    });
    this.y -= 6;
  }
}

async function document(title: string, write: (w: Writer) => void): Promise<Buffer> {
  const {
    lib: { PDFDocument, StandardFonts },
    colours,
  } = await loadPdfKit();
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  doc.setProducer('Boafo');
  doc.setCreator('Boafo');
  const w = new Writer(doc, await doc.embedFont(StandardFonts.Helvetica), await doc.embedFont(StandardFonts.HelveticaBold), colours);
  w.text('Boafo', { size: 22, bold: true, color: 'green', gap: 30 });
  write(w);
  return Buffer.from(await doc.save({ useObjectStreams: false, objectsPerTick: Infinity }));
}

export interface ReceiptPdf {
  reference: string;
  date: Date;
  donorName: string;
  email: string;
  anonymous: boolean;
  method: keyof typeof PAYMENT_METHOD_LABELS | null;
  lines: PdfLine[];
}

export function receiptPdf(r: ReceiptPdf): Promise<Buffer> {
  return document(`Boafo donation receipt ${r.reference}`, (w) => {
    w.text('Donation receipt', { size: 16, bold: true, gap: 26 });
    w.text(`Reference: ${r.reference}`);
    w.text(`Date: ${receiptDate(r.date)}`);
    w.text(`Donor: ${r.anonymous ? 'Anonymous donor' : r.donorName || 'Donor'}`);
    w.text(`Email: ${r.email}`);
    if (r.method) w.text(`Payment method: ${PAYMENT_METHOD_LABELS[r.method]}`);
    w.text('', { gap: 10 });
    for (const line of r.lines) w.row(line.label, pdfGhs(line.amount));
    w.rule();
    w.row('Total', pdfGhs(r.lines.reduce((sum, l) => sum + l.amount, 0)), true);
    w.text('', { gap: 14 });
    w.text('Thank you for giving through Boafo.', { size: 10 });
  });
}

export interface StatementPdf {
  year: number;
  donorName: string;
  email: string;
  lines: (PdfLine & { date: Date; reference: string | null })[];
}

export function statementPdf(s: StatementPdf): Promise<Buffer> {
  return document(`Boafo donation statement ${s.year}`, (w) => {
    w.text(`Donation statement ${s.year}`, { size: 16, bold: true, gap: 26 });
    w.text(`Donor: ${s.donorName || s.email}`);
    w.text(`Email: ${s.email}`);
    w.text(`Period: 1 January ${s.year} to 31 December ${s.year} (UTC)`);
    w.text('', { gap: 10 });
    if (s.lines.length === 0) w.text('No completed donations in this year.');
    for (const line of s.lines) w.row(`${receiptDate(line.date)}  ${line.label}`, pdfGhs(line.amount));
    w.rule();
    w.row(
      `Total (${s.lines.length} donation${s.lines.length === 1 ? '' : 's'})`,
      pdfGhs(s.lines.reduce((sum, l) => sum + l.amount, 0)),
      true,
    );
  });
}
