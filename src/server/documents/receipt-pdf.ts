/**
 * Receipt and yearly statement PDFs, in the reader's language, drawn with an embedded font that has
 * every letter of Ghana's languages (pdf-kit.ts). Amounts read "GHS 25.00", as statements always
 * have. Content streams are left uncompressed: the files are small, and support can read them.
 */
import type { PDFDocument, PDFFont, PDFPage } from 'pdf-lib';
import type { Locale } from '../../shared/i18n/locales';
import type { PAYMENT_METHOD_LABELS } from '../../shared/payment-methods';
import { translator, type Translate } from '../lib/i18n';
import { methodName, pdfGhs, receiptDate } from '../lib/receipt-format';
import { drawable, loadPdfKit, type Palette } from './pdf-kit';

const MARGIN = 56;
const LINE = 18;

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
    const font = options.bold ? this.bold : this.regular;
    this.page.drawText(drawable(value, font).slice(0, 110), {
      x: MARGIN,
      y: this.y,
      size,
      font,
      color: this.colours[options.color ?? 'ink'],
    });
    this.y -= options.gap ?? Math.max(LINE, size + 8);
  }

  /** A label on the left and an amount flush right. */
  row(label: string, amount: string, bold = false) {
    if (this.y < MARGIN + LINE) this.newPage();
    const font = bold ? this.bold : this.regular;
    const right = this.page.getWidth() - MARGIN;
    const shown = drawable(label, font);
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

async function document(title: string, locale: Locale, write: (w: Writer) => void): Promise<Buffer> {
  const {
    lib: { PDFDocument },
    colours,
    embedFonts,
  } = await loadPdfKit();
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  doc.setLanguage(locale);
  doc.setProducer('Boafo');
  doc.setCreator('Boafo');
  const { regular, bold } = await embedFonts(doc);
  const w = new Writer(doc, regular, bold, colours);
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
  lines: (PdfLine & { refund?: boolean })[];
}

/** The label of a receipt line: the cause, or "Refunded: <cause>" for money that went back. */
const lineLabel = (t: Translate, line: ReceiptPdf['lines'][number]) =>
  line.refund ? t('documents.receipt.refunded', { cause: line.label }) : line.label;

export function receiptPdf(r: ReceiptPdf, locale: Locale = 'en'): Promise<Buffer> {
  const t = translator(locale);
  return document(t('documents.receipt.fileTitle', { reference: r.reference }), locale, (w) => {
    w.text(t('documents.receipt.title'), { size: 16, bold: true, gap: 26 });
    w.text(t('documents.receipt.reference', { reference: r.reference }));
    w.text(t('documents.receipt.date', { date: receiptDate(r.date, locale) }));
    const donor = r.anonymous ? t('documents.receipt.anonymousDonor') : r.donorName || t('documents.receipt.someDonor');
    w.text(t('documents.receipt.donor', { donor }));
    w.text(t('documents.receipt.email', { email: r.email }));
    if (r.method) w.text(t('documents.receipt.method', { method: methodName(t, r.method) }));
    w.text('', { gap: 10 });
    for (const line of r.lines) w.row(lineLabel(t, line), pdfGhs(line.amount));
    w.rule();
    w.row(t('documents.receipt.total'), pdfGhs(r.lines.reduce((sum, l) => sum + l.amount, 0)), true);
    w.text('', { gap: 14 });
    w.text(t('documents.receipt.thanks'), { size: 10 });
  });
}

export interface StatementPdf {
  year: number;
  donorName: string;
  email: string;
  lines: (PdfLine & { date: Date; reference: string | null })[];
}

export function statementPdf(s: StatementPdf, locale: Locale = 'en'): Promise<Buffer> {
  const t = translator(locale);
  return document(t('documents.yearly.fileTitle', { year: String(s.year) }), locale, (w) => {
    w.text(t('documents.yearly.title', { year: String(s.year) }), { size: 16, bold: true, gap: 26 });
    w.text(t('documents.receipt.donor', { donor: s.donorName || s.email }));
    w.text(t('documents.receipt.email', { email: s.email }));
    w.text(t('documents.yearly.period', { year: String(s.year) }));
    w.text('', { gap: 10 });
    if (s.lines.length === 0) w.text(t('documents.yearly.none'));
    for (const line of s.lines) w.row(`${receiptDate(line.date, locale)}  ${line.label}`, pdfGhs(line.amount));
    w.rule();
    w.row(t('documents.yearly.total', { count: s.lines.length }), pdfGhs(s.lines.reduce((sum, l) => sum + l.amount, 0)), true);
  });
}
