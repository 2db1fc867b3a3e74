/**
 * Every word a printed poster or flyer carries, in the organizer's language (the `documents` catalog; the
 * route picks it: ?lang=, their account's choice, then the request's). The PDFs' fonts (fonts/README.md)
 * draw every letter the five languages use, ɛ ɔ ŋ ƒ ʋ ɖ among them; amounts read "GHS 5,000.00" like the
 * SMS and USSD screens a poster sends people to.
 */
import type { Locale } from '../../shared/i18n/locales';
import { translator } from '../lib/i18n';
import { asWritten } from '../lib/localize';
import { pdfGhs } from '../lib/receipt-format';

export type PosterLocale = Locale;
export const DEFAULT_POSTER_LOCALE: PosterLocale = 'en';

/** The cause's name, a person's own words, comes out as written. */
const words = (locale: PosterLocale) => asWritten(translator(locale));

export const posterTitle = (locale: PosterLocale, causeName: string) => words(locale)('documents.poster.fileTitle', { name: causeName });

export const pleaseHelp = (locale: PosterLocale) => words(locale)('documents.poster.pleaseHelp');

export const goalLine = (locale: PosterLocale, goal: number) =>
  goal > 0 ? words(locale)('documents.poster.goal', { goal: pdfGhs(goal) }) : words(locale)('documents.poster.everyGiftHelps');

export const scanToGive = (locale: PosterLocale) => words(locale)('documents.poster.scanToGive');

export const noSmartphone = (locale: PosterLocale) => words(locale)('documents.poster.noSmartphone');

/** The line a feature phone user acts on; without a service code, the cause's code alone. */
export const dialLine = (locale: PosterLocale, dial: string | null, code: string) =>
  dial ? words(locale)('documents.poster.dial', { dial }) : causeCodeLine(locale, code);

export const dialHint = (locale: PosterLocale, dial: string | null) =>
  words(locale)(dial ? 'documents.poster.dialHint' : 'documents.poster.codeHint');

export const causeCodeLine = (locale: PosterLocale, code: string) => words(locale)('documents.poster.causeCode', { code });

export const footer = (locale: PosterLocale) => words(locale)('documents.poster.footer');
