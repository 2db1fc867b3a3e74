/**
 * One date format for every screen. Ghana is on GMT all year, so dates are shown in UTC. English keeps the
 * day-month-year order Ghana writes (en-GB's); another language uses its own month names where the runtime's
 * Intl knows them, and Ghana's English where it does not (src/shared/i18n/intl-locales.ts).
 */
import { intlLocales } from './i18n/intl-locales';
import type { Locale } from './i18n/locales';

const DATE_OPTIONS: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' };
const DATE_TIME_OPTIONS: Intl.DateTimeFormatOptions = { ...DATE_OPTIONS, hour: '2-digit', minute: '2-digit' };

const formatters = new Map<string, { date: Intl.DateTimeFormat; dateTime: Intl.DateTimeFormat }>();

function formattersFor(locale: Locale) {
  let found = formatters.get(locale);
  if (!found) {
    const locales = locale === 'en' ? ['en-GB'] : intlLocales(locale);
    found = { date: new Intl.DateTimeFormat(locales, DATE_OPTIONS), dateTime: new Intl.DateTimeFormat(locales, DATE_TIME_OPTIONS) };
    formatters.set(locale, found);
  }
  return found;
}

function toDate(value: string | number | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "21 Nov 2026" (in English); an empty string for missing or invalid input. */
export function formatDate(value: string | number | Date | null | undefined, locale: Locale = 'en'): string {
  const date = toDate(value);
  return date ? formattersFor(locale).date.format(date) : '';
}

/** "21 Nov 2026, 14:05" (in English); an empty string for missing or invalid input. */
export function formatDateTime(value: string | number | Date | null | undefined, locale: Locale = 'en'): string {
  const date = toDate(value);
  return date ? formattersFor(locale).dateTime.format(date) : '';
}
