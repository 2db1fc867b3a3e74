import { intlLocales } from '../../shared/i18n/intl-locales';
import type { Locale } from '../../shared/i18n/locales';

const MONTHS = new Map<Locale, Intl.DateTimeFormat>();

/** "2026-11" → "November 2026" (the server's YYYY-MM months, shown in UTC like every date), in the language on screen. */
export function monthLabel(month: string, locale: Locale = 'en'): string {
  const date = new Date(`${month}-01T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return month;
  let format = MONTHS.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : intlLocales(locale), { month: 'long', year: 'numeric', timeZone: 'UTC' });
    MONTHS.set(locale, format);
  }
  return format.format(date);
}
