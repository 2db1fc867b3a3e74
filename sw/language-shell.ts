/// <reference lib="webworker" />
/**
 * The page a navigation gets offline, in the reader's language. The precache holds index.html as built, in
 * English (its static landing hero included); a reader of another language gets that language's index.html,
 * which the server paints (`/`, src/server/pages/landing-shell.ts) and this worker keeps once per build. The page
 * says which language it shows (`LANGUAGE` message, src/web/lib/worker-language.ts); a kept copy whose scripts are
 * not this build's is never served (it would ask for files the precache does not have).
 */
import { matchPrecache } from 'workbox-precaching';
import { isLocale, type Locale } from '../src/shared/i18n/locales';

const CACHE = 'boafo-language';
const CHOSEN = '/__boafo/language';
const shellUrl = (locale: Locale) => `/__boafo/shell/${locale}`;
/** Headers of the server's answer that describe bytes this copy no longer has as they came. */
const NOT_KEPT = ['content-encoding', 'content-length', 'etag', 'vary'];

/** The module script an index.html starts the app with: it names the build. */
function entryOf(html: string): string | null {
  return /<script type="module"[^>]*\ssrc="([^"]+)"/.exec(html)?.[1] ?? null;
}

let precachedEntry: Promise<string | null> | null = null;
/** The entry of the precached index.html (the build this worker serves). */
function buildEntry(): Promise<string | null> {
  precachedEntry ??= matchPrecache('index.html')
    .then((response) => response?.text() ?? '')
    .then(entryOf)
    .catch(() => null);
  return precachedEntry;
}

async function chosenLocale(cache: Cache): Promise<Locale | null> {
  const value = await (await cache.match(CHOSEN))?.text();
  return isLocale(value) ? value : null;
}

let remembering: Promise<void> = Promise.resolve();

/** Remembers the page's language and keeps that language's index.html for this build (fetched only when missing). */
export function rememberLanguage(locale: unknown): Promise<void> {
  // One at a time: two pages (or a page twice) telling the same language fetch it once.
  remembering = remembering.then(() => remember(locale)).catch(() => undefined);
  return remembering;
}

async function remember(locale: unknown): Promise<void> {
  if (!isLocale(locale)) return;
  const cache = await caches.open(CACHE);
  await cache.put(CHOSEN, new Response(locale));
  if (locale === 'en') return;
  const entry = await buildEntry();
  if (!entry || (await cache.match(shellUrl(locale)))?.headers.get('x-boafo-entry') === entry) return;
  // The language cookie goes along and decides; Accept-Language speaks for a reader who never picked one.
  const response = await fetch('/', { headers: { 'Accept-Language': locale }, credentials: 'same-origin', cache: 'no-store' });
  if (!response.ok) return;
  const html = await response.text();
  if (!html.includes(`<html lang="${locale}"`) || entryOf(html) !== entry) return;
  const headers = new Headers(response.headers);
  for (const name of NOT_KEPT) headers.delete(name);
  headers.set('x-boafo-entry', entry);
  await cache.put(shellUrl(locale), new Response(html, { headers }));
}

/**
 * The index.html to answer a navigation with: null for English (the precached one), the kept copy for another
 * language; when none is kept for this build, the network's page (painted in the reader's language), and only
 * offline the precached English one.
 */
export async function languageShell(request: Request): Promise<Response | null> {
  const cache = await caches.open(CACHE);
  const locale = await chosenLocale(cache);
  if (!locale || locale === 'en') return null;
  const kept = await cache.match(shellUrl(locale));
  if (kept && kept.headers.get('x-boafo-entry') === (await buildEntry())) return kept;
  return fetch(request).catch(() => null);
}
