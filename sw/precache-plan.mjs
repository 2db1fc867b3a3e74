/**
 * Build time only (vite.config.ts, in Node; never bundled into the worker): which built files the worker precaches.
 * Plain JavaScript (types in precache-plan.d.mts) so Vite loads its config without a TypeScript step.
 *
 * A guest's first visit pays for the precache while still reading the cause, on a link bought by the megabyte, so
 * the install downloads only what a donor's offline visit needs: the shell, the landing, the cause list, a cause,
 * the cart, giving (one cause or the cart), the payment status and the donation history, in English (the page asks
 * the worker to keep its own language's catalog: sw/keep-assets.ts). Every other screen (admin, organizer dashboard,
 * payouts, audit, the metrics chart, the USSD simulator...) is cached the first time it is opened (sw.ts's /assets route).
 *
 * The set is computed from Vite's manifest (dist/.vite/manifest.json), not a hand-kept list of hashes: starting at
 * index.html, every static import is followed (a chunk cannot run without them), and a dynamic import only when it
 * is a donor route's component, the English catalog, or a part those load on demand (landing sections, updates).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Route files (src/web/routes/…) whose screens a donor opens offline; their lazy component chunks are precached. */
export const DONOR_ROUTES = [
  'index.tsx',
  'landingpage.tsx',
  'causelistpage.tsx',
  'causes/$id.tsx',
  'causedetailpage.tsx',
  'cartpage.tsx',
  'donation.tsx',
  'multidonation.tsx',
  'redirectingmodal.tsx',
  'payment-status.tsx',
  'donationhistory.tsx',
  // Where the history (and a gift's "sign in to follow it") sends a guest: it must open offline too, if only to say so.
  'sign-in.tsx',
];

/** The catalog every build precaches: index.html is English as built, and the fallback of every other language. */
const PRECACHED_LOCALE = 'en';

/**
 * Icons the worker itself needs offline: the notification icon and badge (sw.ts's push handler). The manifest's
 * 512 px icons are fetched by the browser when it installs the app, and cached on first use like other screens.
 */
const PRECACHED_ICONS = ['icons/icon-192.png'];

const ROUTE_SPLIT = /^src\/web\/routes\/(.+?)\?tsr-split/;
const LOCALE_CHUNK = /^src\/shared\/i18n\/compiled\/web\/locale-([a-z]+)\.ts$/;

/** Whether a dynamic import is part of a donor's offline visit. */
export function donorDynamicImport(key) {
  const route = ROUTE_SPLIT.exec(key);
  if (route) return DONOR_ROUTES.includes(route[1]);
  const locale = LOCALE_CHUNK.exec(key);
  if (locale) return locale[1] === PRECACHED_LOCALE;
  // Admin-only parts (the metrics chart) are only ever imported by admin screens, which are not followed; this keeps
  // them out even if a shared chunk starts importing them lazily. Everything else a donor chunk loads lazily (the
  // cause page's ledger, its updates and messages, the landing's sections) is part of the donor's visit.
  return !/\/features\/admin\//.test(key);
}

/**
 * The /assets files (JS, CSS and what they reference) a donor's offline visit needs, from Vite's manifest.
 * @param {Record<string, {file: string, isEntry?: boolean, imports?: string[], dynamicImports?: string[], css?: string[], assets?: string[]}>} manifest
 * @returns {Set<string>}
 */
export function donorAssets(manifest) {
  const files = new Set();
  const seen = new Set();
  /** @param {string} key */
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const asset of chunk.assets ?? []) files.add(asset);
    for (const next of chunk.imports ?? []) visit(next);
    for (const next of chunk.dynamicImports ?? []) if (donorDynamicImport(next)) visit(next);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);
  return files;
}

/** Whether a precache entry (a path relative to dist/) stays in the donor's precache. */
export function keepInPrecache(url, donor) {
  if (url.startsWith('assets/')) return donor.has(url);
  if (url.startsWith('icons/')) return PRECACHED_ICONS.includes(url);
  // index.html, the web manifest and the favicon: the shell itself.
  return true;
}

/**
 * workbox-build's manifestTransform: keeps the donor's files, once each (the glob and the manifest's icon list used
 * to list every icon twice), and fails the build when Vite's manifest is missing rather than precache everything.
 */
export function donorPrecache(outDir) {
  return async (entries) => {
    const path = join(outDir, '.vite', 'manifest.json');
    if (!existsSync(path)) throw new Error(`${path} is missing: build.manifest must be on for the donor precache`);
    const donor = donorAssets(JSON.parse(readFileSync(path, 'utf8')));
    const seen = new Set();
    const manifest = entries.filter((entry) => {
      if (seen.has(entry.url) || !keepInPrecache(entry.url, donor)) return false;
      seen.add(entry.url);
      return true;
    });
    return { manifest, warnings: [] };
  };
}
