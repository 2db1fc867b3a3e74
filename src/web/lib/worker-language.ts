import type { Locale } from '../../shared/i18n/locales';

/**
 * Tells the service worker which language the page shows, so a page it answers offline (index.html) is in that
 * language (sw/language-shell.ts). Waits for the worker when it is still installing; does nothing without one.
 */
let told: Locale | null = null;

export function tellWorkerLanguage(locale: Locale): void {
  if (told === locale || typeof navigator === 'undefined' || !navigator.serviceWorker) return;
  told = locale;
  void navigator.serviceWorker.ready.then((registration) => registration.active?.postMessage({ type: 'LANGUAGE', locale }));
}
