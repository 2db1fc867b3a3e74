/**
 * Where the API lives. Pure (no DOM, no storage) because the service worker imports it too.
 * VITE_API_BASE_URL may be "https://host" or "https://host/api" (spec §7: a trailing /api is removed);
 * empty means same origin, which is what the dev proxy and the production server both give.
 */
export function apiBaseUrl(raw: string | undefined = import.meta.env.VITE_API_BASE_URL): string {
  return (raw ?? '').trim().replace(/\/+$/, '').replace(/\/api$/, '');
}

/** "/api/causes/list/" -> absolute or same-origin URL; absolute inputs pass through. */
export function apiUrl(path: string, base: string = apiBaseUrl()): string {
  if (/^https?:\/\//.test(path)) return path;
  return `${base}${path.startsWith('/') ? path : `/${path}`}`;
}
