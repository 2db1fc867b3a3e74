/**
 * How receipts, statements and the mails about them write dates, amounts and payment methods. Both the
 * PDFs and the mails use these, so they sit below both and neither imports the other.
 */
import { toDecimalString } from '../../shared/money';
import { intlLocales } from '../../shared/i18n/intl-locales';
import type { Locale } from '../../shared/i18n/locales';
import type { Translate } from './i18n';

const dateFormats = new Map<Locale, Intl.DateTimeFormat>();

/**
 * "25 November 2026", the same in every mail and PDF whatever the server's locale; in another language its own
 * month names where Intl knows the language (Twi, Ewe, Hausa), else Ghana's English (Ga).
 */
export function receiptDate(date: Date, locale: Locale = 'en'): string {
  let format = dateFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : intlLocales(locale), {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
    dateFormats.set(locale, format);
  }
  return format.format(date);
}

/** "GHS 1,250.00": how statements have always written amounts (a spreadsheet or a search finds them so). */
export function pdfGhs(pesewas: number): string {
  // Refund lines on a receipt are negative.
  const [whole, fraction] = toDecimalString(Math.abs(pesewas)).split('.');
  return `${pesewas < 0 ? '-' : ''}GHS ${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction}`;
}

/** How a donor paid or where a payout went, in the reader's language; an unknown value reads as given. */
export function methodName(t: Translate, method: string): string {
  switch (method) {
    case 'card':
      return t('documents.method.card');
    case 'mobile_money':
      return t('documents.method.mobileMoney');
    case 'bank':
      return t('documents.method.bank');
    default:
      return method;
  }
}
