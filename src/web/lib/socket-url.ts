/** ws(s)://{API host}/ws: the API base when one is configured, else this page's origin. */
export function socketUrl(apiBase: string, location: { protocol: string; host: string }): string {
  const origin = apiBase ? new URL(apiBase) : new URL(`${location.protocol}//${location.host}`);
  return `${origin.protocol === 'https:' ? 'wss' : 'ws'}://${origin.host}/ws`;
}
