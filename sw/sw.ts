/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies';
import { createOutboxSender, SYNC_TAG } from '../src/web/features/offline/outbox-sender';
import { createTokenRefresher, readTokens } from '../src/web/features/offline/session-tokens';
import { openSyncRecords } from '../src/web/features/offline/sync-records';
import { apiBaseUrl } from '../src/web/lib/api-url';
import { keepAssets, ASSETS_CACHE } from './keep-assets';
import { languageShell, rememberLanguage } from './language-shell';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> };

/** Background Sync is not in TypeScript's lib yet (Chromium-only API). */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}

// App shell: what a donor's offline visit needs (the shell, landing, cause list, a cause, cart, giving, payment status,
// history; English; the notification icon), with its revision, chosen at build time from Vite's manifest
// (precache-plan.ts). A guest pays for it while reading their first cause, so every other screen is cached when first
// opened (the /assets route below). A deploy swaps the set atomically when the user accepts the update.
// `/` is not answered as index.html here (directoryIndex off) but by the navigation route below, in the reader's language.
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '' });

// Old precaches from earlier workbox versions would otherwise sit in storage forever.
cleanupOutdatedCaches();

// A new worker waits (update prompt), but on the very first install it takes the page at once,
// so the first visit already gets offline support and background sync.
clientsClaim();

// SPA navigations (/causes/123, /dashboard, ...) get the precached index.html and the router takes over;
// in the reader's language when it is not English (language-shell.ts).
// Server-owned paths must reach the network: the API, the realtime socket, uploaded media and the
// payment sandbox would break if answered with the app shell, and so would a text's short receipt link (/r/…).
const englishShell = createHandlerBoundToURL('index.html');
registerRoute(
  new NavigationRoute(async (options) => (await languageShell(options.request)) ?? englishShell(options), {
    denylist: [/^\/api(\/|$)/, /^\/ws(\/|$)/, /^\/media(\/|$)/, /^\/sandbox(\/|$)/, /^\/r\//],
  }),
);

// Every other built script and stylesheet (admin, organizer dashboard, payouts, audit, the metrics chart, the other
// languages' catalogs...): CacheFirst, because their names carry a hash of their content, so a copy is never stale and
// a screen opened once online opens offline without asking again. Only 200s (never an error page under a chunk's
// name); bounded, since every deploy names changed chunks anew and old ones are never asked for again.
registerRoute(
  ({ url, request }) => request.method === 'GET' && url.origin === self.location.origin && /^\/assets\/[^/]+\.(js|css)$/.test(url.pathname),
  new CacheFirst({
    cacheName: ASSETS_CACHE,
    plugins: [
      { cacheWillUpdate: async ({ response }) => (response.status === 200 ? response : null) },
      new ExpirationPlugin({ maxEntries: 150, maxAgeSeconds: 60 * 60 * 24 * 60, purgeOnQuotaError: true }),
    ],
  }),
);

// The manifest's 512 px icons, which the browser asks for when installing the app (192 px is precached for
// notifications): kept once seen, and revalidated in the background since their names do not change with a deploy.
registerRoute(
  ({ url, request }) => request.method === 'GET' && url.origin === self.location.origin && url.pathname.startsWith('/icons/'),
  new StaleWhileRevalidate({ cacheName: 'boafo-icons', plugins: [new ExpirationPlugin({ maxEntries: 10 })] }),
);

// Uploaded images (/media/...) are content-addressed: a URL never changes content, so the cache is
// always right and serving from it first saves data on mobile networks. Expiration bounds the space.
const apiOrigin = apiBaseUrl() ? new URL(apiBaseUrl()).origin : self.location.origin;
registerRoute(
  ({ url, request }) =>
    request.method === 'GET' && (url.origin === self.location.origin || url.origin === apiOrigin) && url.pathname.startsWith('/media/'),
  new CacheFirst({
    cacheName: 'boafo-media',
    plugins: [new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 60 * 60 * 24 * 30, purgeOnQuotaError: true })],
  }),
);

// Public cause and landing-content reads. NetworkFirst, because these change (amounts raised, new
// causes, approvals) and a visitor online should see the truth; the 4 s timeout matters on slow
// mobile data, where a stalled request would otherwise leave the screen blank: after 4 s the last
// good answer for the same URL is served instead (and the network answer still refreshes the cache).
// The page also mirrors causes into IndexedDB, which is what search and sort use offline; this cache
// makes repeat visits fast and covers exact URLs seen before (the landing sections, a list page).
const PUBLIC_API_READS = [
  /^\/api\/causes\/list\/?$/, // cause list pages (query string is part of the cache key)
  /^\/api\/causes\/details\/[^/]+\/?$/, // one cause
  /^\/api\/categories\/?$/, // category filter and the create form's select
  /^\/api\/(success-stories|blog-posts|testimonials|contributors|statistics)\/?$/, // landing sections
  /^\/api\/blog-posts\/[^/]+\/?$/, // one blog post
  /^\/api\/donations\/statistics\/?$/, // public totals (not the caller's donations)
];
registerRoute(
  ({ url, request }) =>
    request.method === 'GET' &&
    (url.origin === self.location.origin || url.origin === apiOrigin) &&
    PUBLIC_API_READS.some((pattern) => pattern.test(url.pathname)) &&
    // Never cache what depends on who asks: a signed-in request's answer carries personal fields
    // (is_favorite), and the Cache API is shared by everyone using this browser. Signed-in users
    // still browse offline from the IndexedDB mirror the page keeps.
    !request.headers.has('Authorization'),
  new NetworkFirst({
    cacheName: 'boafo-public-api',
    networkTimeoutSeconds: 4,
    plugins: [
      // Only real answers: a 404/500 or an opaque error must not replace the last good copy.
      { cacheWillUpdate: async ({ response }) => (response.status === 200 ? response : null) },
      // Bounded: list URLs vary by page/search/sort, so old combinations are evicted.
      new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 60 * 60 * 24 * 14, purgeOnQuotaError: true }),
    ],
  }),
);

// Every other /api/ request (auth, profile, cart, donations, favorites, notifications, admin, and all
// writes) deliberately has no route: it goes straight to the network, and the page decides what to
// do offline (read from IndexedDB, queue a mutation in the outbox).

// The update prompt: the page posts SKIP_WAITING only after the user pressed Reload.
self.addEventListener('message', (event) => {
  if (event.data?.type === 'SKIP_WAITING') void self.skipWaiting();
  // The language the page shows: the next navigation's index.html is in it (language-shell.ts).
  if (event.data?.type === 'LANGUAGE') event.waitUntil(rememberLanguage(event.data.locale));
  // Chunks the page loaded before this worker controlled it (its language's catalog, a screen opened on the first
  // visit): kept like the ones that come through the /assets route (keep-assets.ts).
  if (event.data?.type === 'KEEP_ASSETS') event.waitUntil(keepAssets(event.data.urls));
});

async function tellPages(message: { type: string; [field: string]: unknown }): Promise<void> {
  const pages = await self.clients.matchAll({ type: 'window' });
  for (const page of pages) page.postMessage(message);
}

/**
 * Background Sync (where the browser has it): sends queued mutations even after the tab closed.
 * Same IndexedDB and sending code as the page (outbox-sender.ts over sync-records.ts: no Dexie in
 * the worker). Each entry goes with ITS OWNER's token, read from that account's row (never "whoever
 * wrote last"); an entry whose owner has no row here waits for a page of that account. A 401 refreshes with the stored pair under the same lock the pages use,
 * and open pages are told so they adopt the new pair rather than spend the old refresh token.
 *
 * The browser fires `sync` as the connection comes back, when the first request may still fail; its
 * own retry comes minutes later. So within one event the worker retries on the outbox's schedule
 * (1 s, 2 s, 4 s, … from each entry's nextAttemptAt) for up to SYNC_PATIENCE_MS, and only then
 * throws, which hands the rest to the browser's backoff.
 */
const SYNC_PATIENCE_MS = 60_000;

const records = openSyncRecords();

async function flushOutbox(): Promise<void> {
  const refresh = createTokenRefresher({ records, onRotated: (userId) => void tellPages({ type: 'TOKENS_ROTATED', userId }) });
  const outbox = createOutboxSender({
    records,
    tokens: { tokenFor: async (owner) => (await readTokens(records, owner))?.access ?? null, refresh },
    // No timers in a worker that may be stopped at any moment: the loop below waits inside the event.
    setTimer: () => null,
    clearTimer: () => {},
  });
  const deadline = Date.now() + SYNC_PATIENCE_MS;
  for (;;) {
    const result = await outbox.flush();
    await tellPages({ type: 'OUTBOX_CHANGED' });
    if (result.stopped === 'empty') return;
    const due = Math.min(...(await records.pending()).map((e) => e.nextAttemptAt));
    const wait = Math.max(250, Math.min((Number.isFinite(due) ? due : Date.now()) - Date.now(), 15_000));
    if (Date.now() + wait > deadline) throw new Error(`Outbox not flushed (${result.stopped}); retry later`);
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
}

self.addEventListener('sync', (event) => {
  const sync = event as SyncEvent;
  if (sync.tag === SYNC_TAG) sync.waitUntil(flushOutbox());
});

/**
 * Web Push: the server sends the notification's JSON (`title`, `message` or `body`, `id`, `cause`
 * (the cause's title), `cause_id`, optional `url`). userVisibleOnly subscriptions must show something for every push, so even a
 * payload we cannot read becomes a generic "Boafo" notification rather than nothing.
 * `tag: id` collapses repeats of the same notification (a retry by the server) into one.
 */
interface PushPayload {
  id?: string;
  title?: string;
  message?: string;
  body?: string;
  cause?: string | null;
  cause_id?: string | null;
  url?: string;
}

function readPush(event: PushEvent): PushPayload {
  try {
    return (event.data?.json() as PushPayload | null) ?? {};
  } catch {
    return { body: event.data?.text() };
  }
}

/** Only this app's own pages: a push payload must never send the user to another site. */
function targetUrl(payload: PushPayload): string {
  const fallback = payload.cause_id ? `/causes/${encodeURIComponent(payload.cause_id)}` : '/notificationspage';
  try {
    const url = new URL(payload.url ?? fallback, self.location.origin);
    return url.origin === self.location.origin ? url.href : new URL(fallback, self.location.origin).href;
  } catch {
    return new URL('/notificationspage', self.location.origin).href;
  }
}

self.addEventListener('push', (event) => {
  const payload = readPush(event);
  event.waitUntil(
    self.registration.showNotification(payload.title || 'Boafo', {
      body: payload.message ?? payload.body ?? 'You have a new notification.',
      data: { url: targetUrl(payload) },
      icon: '/icons/icon-192.png',
      // Android's status-bar icon (drawn as a silhouette); the app icon is the closest we ship.
      badge: '/icons/icon-192.png',
      tag: payload.id,
    }),
  );
});

/**
 * A tap on the notification: reuse a Boafo tab that is already open (focus it and navigate it to the
 * notification's page) instead of stacking a new tab per notification; open a window only when none
 * is open. Both must happen inside this handler: browsers only allow focus()/openWindow() during the
 * user's tap, so the work goes in waitUntil rather than after it.
 */
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = (event.notification.data as { url?: string } | null)?.url ?? new URL('/notificationspage', self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) {
        const focused = await open.focus();
        // navigate() works only on pages this worker controls; otherwise a new window is the way.
        const navigated = await focused.navigate(url).catch(() => null);
        if (navigated) return;
      }
      await self.clients.openWindow(url);
    })(),
  );
});
