/**
 * Every word a printed poster or flyer carries, each a function of the locale (the message catalogs
 * take them from here). The PDFs' standard fonts have no cedi sign: amounts read "GHS 5,000.00".
 */
import { pdfGhs } from '../lib/receipt-format';

export type PosterLocale = 'en';
export const DEFAULT_POSTER_LOCALE: PosterLocale = 'en';

export const posterTitle = (locale: PosterLocale, causeName: string) => `${causeName} - a Boafo poster`;

export const pleaseHelp = (locale: PosterLocale) => 'Please help';

export const goalLine = (locale: PosterLocale, goal: number) => (goal > 0 ? `Goal: ${pdfGhs(goal)}` : 'Every gift helps');

export const scanToGive = (locale: PosterLocale) => 'Scan to give online';

export const noSmartphone = (locale: PosterLocale) => 'No smartphone? No data?';

/** The line a feature phone user acts on; without a service code, the cause's code alone. */
export const dialLine = (locale: PosterLocale, dial: string | null, code: string) => (dial ? `Dial ${dial}` : `Cause code ${code}`);

export const dialHint = (locale: PosterLocale, dial: string | null) =>
  dial ? 'and approve the mobile money prompt on your phone.' : 'Give on Boafo with this code.';

export const causeCodeLine = (locale: PosterLocale, code: string) => `Cause code ${code}`;

export const footer = (locale: PosterLocale) => 'Boafo: every gift is shown on the cause page. Thank you!';
