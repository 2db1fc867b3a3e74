/**
 * Where the API lives. Pure (no DOM, no storage) because the service worker imports it too.
 * VITE_API_BASE_URL may be "https://host" or "https://host/api" (spec §7: a trailing /api is removed);
 * empty means same origin, which is what the dev proxy and the production server both give.
 */
export function apiBaseUrl(raw: string | undefined = import.meta.env.VITE_API_BASE_URL): string {
  return (raw ?? '')
    .trim()
    .replace(/\/+$/, '')
    .replace(/\/api$/, '');
}

/**
 * An image field of the API (spec §3: a path on the server such as "/media/<hash>") → an address the
 * browser can load, joined to the API base like every call. Absolute, data: and blob: (a local
 * preview) pass through, so copies saved on the device before paths were relative still show.
 */
export function mediaUrl(path: string | null | undefined, base: string = apiBaseUrl()): string | null {
  if (!path) return null;
  return /^(data|blob):/.test(path) ? path : apiUrl(path, base);
}

/** "/api/causes/list/" -> absolute or same-origin URL; absolute inputs pass through. */
export function apiUrl(path: string, base: string = apiBaseUrl()): string {
  if (/^https?:\/\//.test(path)) return path;
  return `${base}${path.startsWith('/') ? path : `/${path}`}`;
}
