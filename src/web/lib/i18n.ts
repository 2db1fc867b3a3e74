/**
 * The app's words: Lingui's runtime over the compiled catalogs (scripts/i18n.mjs). `t(id, values)` anywhere,
 * `useT()` in a component so it draws again when the language changes. Money stays GH₵ with two decimals in
 * every language (src/shared/money.ts); dates, numbers and plurals follow the language where the browser's Intl
 * knows it (src/shared/i18n/intl-locales.ts).
 */
import { setupI18n } from '@lingui/core';
import { useSyncExternalStore } from 'react';
import type { WebMessageId } from '../../shared/i18n/message-ids.gen';
import { LOCALE_COOKIE, LOCALE_STORAGE_KEY, type Locale } from '../../shared/i18n/locales';
import { intlLocales } from '../../shared/i18n/intl-locales';
import { loadCatalog } from './catalog-loaders';
import { tellWorkerLanguage, tellWorkerToKeep } from './worker-language';

export const i18n = setupI18n();

export type MessageValues = Record<string, string | number | Date | null | undefined>;
export type Translate = (id: WebMessageId, values?: MessageValues) => string;

/** A message in the language on screen. */
export const t: Translate = (id, values) => i18n._(id, values);

const chosenListeners = new Set<(locale: Locale) => void>();
let catalogUrl: string | null = null;

/** Loads a language's catalog and shows it: every `useT()` component draws again, `<html lang>` follows. */
export async function activateLocale(locale: Locale): Promise<void> {
  const catalog = await loadCatalog(locale);
  catalogUrl = catalog.catalogUrl;
  i18n.load(locale, catalog.messages);
  i18n.activate(locale, intlLocales(locale));
  document.documentElement.lang = locale;
  tellWorkerLanguage(locale);
  // Only English is precached: the worker keeps this language's catalog (and what else the page loaded so far).
  tellWorkerToKeep(catalogUrl);
}

/**
 * The person picked a language (header, profile, or their account's at sign-in): kept on the device, in a cookie
 * so the server paints the next page in it, and (through the listeners, e.g. the profile's) on the account.
 */
export async function chooseLocale(locale: Locale, options: { fromAccount?: boolean } = {}): Promise<void> {
  try {
    localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // Without storage the choice lasts this visit (and the cookie's year).
  }
  document.cookie = `${LOCALE_COOKIE}=${locale}; path=/; max-age=31536000; samesite=lax`;
  await activateLocale(locale);
  if (!options.fromAccount) for (const listener of chosenListeners) listener(locale);
}

/** Called when the person picks a language themselves (not when their account's choice is applied). */
export function onLocaleChosen(listener: (locale: Locale) => void): () => void {
  chosenListeners.add(listener);
  return () => chosenListeners.delete(listener);
}

/** The address of the active catalog's file, for the service worker to keep offline. */
export function activeCatalogUrl(): string | null {
  return catalogUrl;
}

export function currentLocale(): Locale {
  return i18n.locale as Locale;
}

const subscribe = (onChange: () => void) => i18n.on('change', onChange);

/** The language on screen; the component draws again when it changes. */
export function useLocale(): Locale {
  return useSyncExternalStore(subscribe, currentLocale, currentLocale);
}

/** `t` for a component: the component draws again when the language changes. */
export function useT(): Translate {
  useLocale();
  return t;
}
