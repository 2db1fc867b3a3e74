/// <reference lib="webworker" />
/**
 * Keeps built files the page loaded before this worker controlled it. The precache holds the donor's screens in
 * English only; the page's own language's catalog, and any screen opened during the first visit, came straight from
 * the network, so the page lists them (`KEEP_ASSETS`, src/web/lib/worker-language.ts) and they are put in the same
 * cache the /assets route fills (sw.ts). The browser's HTTP cache still has them (immutable), so this costs no data.
 */
import { matchPrecache } from 'workbox-precaching';

declare const self: ServiceWorkerGlobalScope;

export const ASSETS_CACHE = 'boafo-assets';
const ASSET = /^\/assets\/[^/]+\.(js|css)$/;

export async function keepAssets(urls: unknown): Promise<void> {
  if (!Array.isArray(urls)) return;
  const cache = await caches.open(ASSETS_CACHE);
  for (const raw of urls.slice(0, 200)) {
    if (typeof raw !== 'string') continue;
    let url: URL;
    try {
      url = new URL(raw, self.location.origin);
    } catch {
      continue;
    }
    if (url.origin !== self.location.origin || !ASSET.test(url.pathname)) continue;
    if ((await matchPrecache(url.pathname)) || (await cache.match(url.pathname))) continue;
    const response = await fetch(url.pathname).catch(() => null);
    if (response?.status === 200) await cache.put(url.pathname, response);
  }
}
