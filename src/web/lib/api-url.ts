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

/** An absolute address of one of our uploaded pictures; group 1 is its path. */
const OUR_MEDIA = /^https?:\/\/[^/]+(\/media\/[^?#]*)$/;

/**
 * An image field of the API → an address the browser can load, always on the API this app talks to.
 * Paths (spec §3: "/media/<hash>") are joined to the API base like every call. The `image` fields are
 * absolute for other clients (PUBLIC_URL, or the address the answer was asked at): our pictures are
 * content-addressed, so the same path is loaded from our API instead, which keeps them under the CSP's
 * 'self', in the service worker's media cache (offline) and reachable when PUBLIC_URL names an address
 * this device cannot reach (a phone on the LAN). Other absolute, data: and blob: (a local preview)
 * addresses pass through.
 */
export function mediaUrl(path: string | null | undefined, base: string = apiBaseUrl()): string | null {
  if (!path) return null;
  if (/^(data|blob):/.test(path)) return path;
  return apiUrl(OUR_MEDIA.exec(path)?.[1] ?? path, base);
}

/** "/api/causes/list/" -> absolute or same-origin URL; absolute inputs pass through. */
export function apiUrl(path: string, base: string = apiBaseUrl()): string {
  if (/^https?:\/\//.test(path)) return path;
  return `${base}${path.startsWith('/') ? path : `/${path}`}`;
}
