/**
 * How receipts, statements and the mails about them write dates and amounts. Both the PDFs and the
 * mails use these, so they sit below both and neither imports the other.
 */
import { toDecimalString } from '../../shared/money';

/** "25 November 2026", the same in every mail and PDF whatever the server's locale. */
export const receiptDate = (date: Date) =>
  date.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** "GHS 1,250.00": the PDFs' standard fonts have no cedi sign, and the mails that quote a statement write it the same way. */
export function pdfGhs(pesewas: number): string {
  // Refund lines on a receipt are negative.
  const [whole, fraction] = toDecimalString(Math.abs(pesewas)).split('.');
  return `${pesewas < 0 ? '-' : ''}GHS ${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction}`;
}
