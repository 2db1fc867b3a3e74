/**
 * The languages Boafo speaks, and how a request or a browser picks one. Plain values, no imports:
 * the server, the web app and the service worker all read them.
 */

/** English first: it is the source every other catalog is translated from. */
export const LOCALES = ['en', 'ak', 'ee', 'ha', 'gaa'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** Each language by its own name, as a speaker looks for it in a list. */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: 'English',
  ak: 'Twi',
  ee: 'Eʋegbe',
  ha: 'Hausa',
  gaa: 'Gã',
};

/** The device's and the server's record of a person's choice (localStorage key, cookie name). */
export const LOCALE_STORAGE_KEY = 'boafo.locale';
export const LOCALE_COOKIE = 'boafo_locale';

/** Tags people's browsers send for these languages (Twi is often `tw` or `twi`, Ga `gaa`). */
const ALIASES: Record<string, Locale> = { tw: 'ak', twi: 'ak', fat: 'ak', ak: 'ak', ee: 'ee', ha: 'ha', gaa: 'gaa', en: 'en' };

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** One language tag ("ak-GH", "tw", "en-US") → ours, or null. */
export function localeOfTag(tag: string): Locale | null {
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  return ALIASES[primary] ?? null;
}

/** The first of the browser's languages (most preferred first) that we speak; English otherwise. */
export function pickLocale(preferred: readonly string[]): Locale {
  for (const tag of preferred) {
    const locale = localeOfTag(tag);
    if (locale) return locale;
  }
  return DEFAULT_LOCALE;
}

/** An Accept-Language header ("ha-NG,ha;q=0.9,en;q=0.8") → ours, by the weights it gives. */
export function localeOfAcceptLanguage(header: string | undefined | null): Locale {
  if (!header) return DEFAULT_LOCALE;
  const ranked = header
    .slice(0, 500)
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag, weight: q === undefined ? 1 : Number(q) || 0, index };
    })
    .filter((entry) => entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  return pickLocale(ranked.map((entry) => entry.tag));
}

/** Intl's format for dates and numbers where Intl does not know our language (Ghana's English). */
export const FALLBACK_INTL_LOCALE = 'en-GH';
