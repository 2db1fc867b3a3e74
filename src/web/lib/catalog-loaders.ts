/**
 * Where each language's catalog comes from: one file per language, loaded only when that language is shown
 * (a donor reading Twi never downloads Hausa). main.tsx starts the load beside the app's own script, so the
 * words arrive with the app rather than after it.
 */
import type { Messages } from '@lingui/core';
import { LOCALE_STORAGE_KEY, isLocale, pickLocale, type Locale } from '../../shared/i18n/locales';

interface CatalogModule {
  messages: Messages;
  catalogUrl: string;
}

const LOADERS: Record<Locale, () => Promise<CatalogModule>> = {
  en: () => import('../../shared/i18n/compiled/web/locale-en'),
  ak: () => import('../../shared/i18n/compiled/web/locale-ak'),
  ee: () => import('../../shared/i18n/compiled/web/locale-ee'),
  ha: () => import('../../shared/i18n/compiled/web/locale-ha'),
  gaa: () => import('../../shared/i18n/compiled/web/locale-gaa'),
};

const loading = new Map<Locale, Promise<CatalogModule>>();

export function loadCatalog(locale: Locale): Promise<CatalogModule> {
  let promise = loading.get(locale);
  if (!promise) {
    promise = LOADERS[locale]();
    // A failed load (offline, file not cached) may be tried again later.
    promise.catch(() => loading.delete(locale));
    loading.set(locale, promise);
  }
  return promise;
}

/** The language this device shows: the one chosen here before, else the browser's first that we speak. */
export function deviceLocale(): Locale {
  try {
    const stored = localStorage.getItem(LOCALE_STORAGE_KEY);
    if (isLocale(stored)) return stored;
  } catch {
    // Storage can be off (private mode); the browser's languages still choose.
  }
  return pickLocale(typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]));
}
