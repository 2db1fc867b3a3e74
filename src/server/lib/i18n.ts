/**
 * The server's words, in the reader's language: mail, receipts and statements, SMS, USSD, API error texts, and
 * the pages it paints. One Lingui instance per language holds both the app's catalog (the painted pages use the
 * same words as the app's screens) and the server's own (scripts/i18n.mjs compiles both).
 */
import { setupI18n, type I18n } from '@lingui/core';
import type { ServerMessageId, WebMessageId } from '../../shared/i18n/message-ids.gen';
import { intlLocales } from '../../shared/i18n/intl-locales';
import { DEFAULT_LOCALE, LOCALES, isLocale, localeOfAcceptLanguage, LOCALE_COOKIE, type Locale } from '../../shared/i18n/locales';
import { messages as webEn } from '../../shared/i18n/compiled/web/locale-en';
import { messages as webAk } from '../../shared/i18n/compiled/web/locale-ak';
import { messages as webEe } from '../../shared/i18n/compiled/web/locale-ee';
import { messages as webHa } from '../../shared/i18n/compiled/web/locale-ha';
import { messages as webGaa } from '../../shared/i18n/compiled/web/locale-gaa';
import { messages as serverEn } from '../../shared/i18n/compiled/server/en';
import { messages as serverAk } from '../../shared/i18n/compiled/server/ak';
import { messages as serverEe } from '../../shared/i18n/compiled/server/ee';
import { messages as serverHa } from '../../shared/i18n/compiled/server/ha';
import { messages as serverGaa } from '../../shared/i18n/compiled/server/gaa';

export type MessageId = WebMessageId | ServerMessageId;
export type MessageValues = Record<string, string | number | Date | null | undefined>;
/** A message in one language. */
export type Translate = (id: MessageId, values?: MessageValues) => string;

const CATALOGS = {
  en: { ...webEn, ...serverEn },
  ak: { ...webAk, ...serverAk },
  ee: { ...webEe, ...serverEe },
  ha: { ...webHa, ...serverHa },
  gaa: { ...webGaa, ...serverGaa },
} satisfies Record<Locale, unknown>;

const instances = new Map<Locale, I18n>(
  LOCALES.map((locale) => {
    const i18n = setupI18n();
    i18n.load(locale, CATALOGS[locale]);
    i18n.activate(locale, intlLocales(locale));
    return [locale, i18n];
  }),
);

/** `t` for one language (an unknown or missing one reads English). */
export function translator(locale: string | null | undefined): Translate {
  const i18n = instances.get(isLocale(locale) ? locale : DEFAULT_LOCALE)!;
  return (id, values) => i18n._(id, values);
}

/** The value of one cookie in a Cookie header, or null. */
export function cookieValue(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return null;
}

/** The language the person picked in the app on this device (the cookie it sets), or null when they did not pick one. */
export function localeChosenOnDevice(headers: { cookie?: string }): Locale | null {
  const chosen = cookieValue(headers.cookie, LOCALE_COOKIE);
  return isLocale(chosen) ? chosen : null;
}

/**
 * The language a request reads: the person's choice on this device (the cookie the app sets) first, then the
 * browser's Accept-Language, then English.
 */
export function localeOfRequest(headers: { cookie?: string; 'accept-language'?: string }): Locale {
  const chosen = cookieValue(headers.cookie, LOCALE_COOKIE);
  if (isLocale(chosen)) return chosen;
  return localeOfAcceptLanguage(headers['accept-language']);
}
