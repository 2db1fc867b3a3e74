import { FALLBACK_INTL_LOCALE, type Locale } from './locales';

/**
 * The locales to hand Intl for one of ours: the language itself where this runtime's Intl knows its plural
 * rules, else Ghana's English. Chromium, Node and Safari know Twi, Ewe and Hausa; none knows Ga, and CLDR has no
 * plural rule for it, so Ga counts like English (one, other). CLDR's Twi rule (one for 0 and 1) differs from
 * English only at 0, which the Twi catalog words with an explicit `=0` branch wherever a count can be 0.
 */
export function intlLocales(locale: Locale): string[] {
  if (locale === 'en') return [FALLBACK_INTL_LOCALE];
  return Intl.PluralRules.supportedLocalesOf([locale]).length ? [locale, FALLBACK_INTL_LOCALE] : [FALLBACK_INTL_LOCALE];
}
