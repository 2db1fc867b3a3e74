/**
 * Every word a printed poster or flyer carries, each a function of the locale (the message catalogs
 * take them from here). The PDFs' standard fonts have no cedi sign: amounts read "GHS 5,000.00".
 */
import { pdfGhs } from '../lib/receipt-format';

export type PosterLocale = 'en';
export const DEFAULT_POSTER_LOCALE: PosterLocale = 'en';

const ENGLISH = {
  title: (causeName: string) => `${causeName} - a Boafo poster`,
  pleaseHelp: 'Please help',
  goal: (goal: string) => `Goal: ${goal}`,
  everyGiftHelps: 'Every gift helps',
  scanToGive: 'Scan to give online',
  noSmartphone: 'No smartphone? No data?',
  dial: (dial: string) => `Dial ${dial}`,
  causeCode: (code: string) => `Cause code ${code}`,
  dialHint: 'and approve the mobile money prompt on your phone.',
  codeHint: 'Give on Boafo with this code.',
  footer: 'Boafo: every gift is shown on the cause page. Thank you!',
};

const WORDS: Record<PosterLocale, typeof ENGLISH> = { en: ENGLISH };

export const posterTitle = (locale: PosterLocale, causeName: string) => WORDS[locale].title(causeName);

export const pleaseHelp = (locale: PosterLocale) => WORDS[locale].pleaseHelp;

export const goalLine = (locale: PosterLocale, goal: number) =>
  goal > 0 ? WORDS[locale].goal(pdfGhs(goal)) : WORDS[locale].everyGiftHelps;

export const scanToGive = (locale: PosterLocale) => WORDS[locale].scanToGive;

export const noSmartphone = (locale: PosterLocale) => WORDS[locale].noSmartphone;

/** The line a feature phone user acts on; without a service code, the cause's code alone. */
export const dialLine = (locale: PosterLocale, dial: string | null, code: string) =>
  dial ? WORDS[locale].dial(dial) : WORDS[locale].causeCode(code);

export const dialHint = (locale: PosterLocale, dial: string | null) => (dial ? WORDS[locale].dialHint : WORDS[locale].codeHint);

export const causeCodeLine = (locale: PosterLocale, code: string) => WORDS[locale].causeCode(code);

export const footer = (locale: PosterLocale) => WORDS[locale].footer;
