/**
 * CORS for the origins named in CORS_ORIGINS, and only those: their pages may call /api with
 * Authorization, JSON bodies and Idempotency-Key, and read /media with fetch. A preflight from an
 * allowed origin answers 204 here, before any route (or its auth hook) runs; any other origin gets
 * no CORS header at all, so its preflight falls through to the usual 404 and the browser blocks
 * the call. Tokens travel in the Authorization header, never in cookies, so credentials mode is
 * never allowed. Headers are set in onRequest: Fastify keeps them on error answers, which the
 * client must be able to read (spec §8 shows the status and the body).
 */
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

const CORS_PATHS = /^\/(api|media)(\/|\?|$)/;
export const CORS_ALLOWED_METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE';
export const CORS_ALLOWED_HEADERS = 'Authorization, Content-Type, Idempotency-Key';
/** What a client may read besides the safelisted headers: the replay marker and rate-limit waits. */
export const CORS_EXPOSED_HEADERS = 'Idempotent-Replayed, Retry-After';
/** Chromium caps the preflight cache at 2 hours; the allow-list only changes with a restart. */
const PREFLIGHT_MAX_AGE_SECONDS = 7200;

function vary(reply: FastifyReply, ...names: string[]): void {
  const current = reply.getHeader('vary');
  const list = current
    ? String(current)
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean)
    : [];
  for (const name of names) if (!list.some((known) => known.toLowerCase() === name.toLowerCase())) list.push(name);
  reply.header('vary', list.join(', '));
}

export default fp(
  async (app) => {
    const allowed = new Set(app.config.corsOrigins);
    if (allowed.size === 0) return;

    // Callback hook: it runs on every request, most of which are not cross-origin.
    app.addHook('onRequest', (request, reply, done) => {
      if (!CORS_PATHS.test(request.url)) return done();
      // The answer depends on the Origin header: a shared cache must not hand one origin's copy to another.
      vary(reply, 'Origin');
      const origin = request.headers.origin;
      if (!origin || !allowed.has(origin)) return done();
      reply.header('access-control-allow-origin', origin);
      const preflight = request.method === 'OPTIONS' && request.headers['access-control-request-method'] !== undefined;
      if (!preflight) {
        reply.header('access-control-expose-headers', CORS_EXPOSED_HEADERS);
        return done();
      }
      vary(reply, 'Access-Control-Request-Method', 'Access-Control-Request-Headers');
      reply
        .code(204)
        .header('access-control-allow-methods', CORS_ALLOWED_METHODS)
        .header('access-control-allow-headers', CORS_ALLOWED_HEADERS)
        .header('access-control-max-age', String(PREFLIGHT_MAX_AGE_SECONDS))
        .send(); // answered: no done(), the route does not run
    });
  },
  { name: 'cors' },
);
