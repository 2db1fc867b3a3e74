/** A scripted fetch: each call is recorded and answered by the first handler that matches. */
export interface RecordedCall {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

type Handler = (call: RecordedCall) => Response | Promise<Response> | undefined;

export function json(status: number, body: unknown, statusText = ''): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    statusText,
    headers: { 'Content-Type': 'application/json' },
  });
}

export function createFakeFetch(handler: Handler) {
  const calls: RecordedCall[] = [];
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    let body: unknown = init.body;
    if (typeof body === 'string') {
      try {
        body = JSON.parse(body);
      } catch {
        // keep text
      }
    }
    const call = { url: String(input), method: init.method ?? 'GET', headers, body };
    calls.push(call);
    const response = await handler(call);
    if (!response) throw new TypeError('Failed to fetch');
    return response;
  };
  return { fetch: fetch as typeof globalThis.fetch, calls };
}

/** A promise you settle from outside, to hold a request in flight. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/** An unsigned JWT with the given claims: the client only decodes, never verifies. */
export function fakeJwt(claims: Record<string, unknown>): string {
  // UTF-8 first, as a real JWT is: names like "Ɔdɔm" are not Latin-1.
  const encode = (value: unknown) =>
    btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(value))))
      .replace(/=+$/, '')
      .replace(/\+/g, '-')
      .replace(/\//g, '_');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}.signature`;
}
