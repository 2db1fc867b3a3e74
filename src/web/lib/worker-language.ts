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

/**
 * Tells the worker which built files this page loaded, with `also` (the language's catalog): it precaches the
 * donor's screens in English only, and keeps these too (sw/keep-assets.ts), so this language and a screen opened
 * before the worker took the page open offline. The files come from the browser's cache: no data is spent.
 */
export function tellWorkerToKeep(also: string | null = null): void {
  if (typeof navigator === 'undefined' || !navigator.serviceWorker || typeof performance === 'undefined') return;
  void navigator.serviceWorker.ready.then((registration) => {
    const urls = performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name).pathname)
      .filter((path) => path.startsWith('/assets/'));
    if (also) urls.push(new URL(also, location.href).pathname);
    registration.active?.postMessage({ type: 'KEEP_ASSETS', urls: [...new Set(urls)] });
  });
}
