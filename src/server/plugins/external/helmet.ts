/**
 * Security headers with a CSP that lets the PWA (service worker, blobs, same-origin socket) work.
 * Cross-Origin-Resource-Policy stays same-origin except on /media (routes/media sets cross-origin).
 *
 * The headers do not depend on the request, so helmet computes them once at start-up and every
 * reply gets the same object in one synchronous hook (the Fastify wrapper rebuilt helmet and parsed
 * the CSP on every request: a twentieth of a cached read's cost).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import fp from 'fastify-plugin';
import { inlineScriptHashes } from '../../lib/inline-script-hashes';

/** Runs helmet's middleware once against a recording response and returns the headers it set. */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/**
 * Headers that only mean something on a document (the page, or the worker's script, whose CSP governs what the
 * worker may fetch). A built script, stylesheet or icon carried all of them too: about 800 bytes of the 1 KB of
 * headers on each of the hundred files a first visit and the worker's install fetch, more than many files' bodies.
 * x-content-type-options, cross-origin-resource-policy and referrer-policy stay: they do apply to those files.
 */
export const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'strict-transport-security',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

/**
 * What a JSON answer carries instead of the document's policy: it runs nothing and loads nothing, so it may do nothing,
 * and no page may frame it. The page's policy (some 400 bytes, with helmet's other document headers about 800) went on
 * every API answer, several per screen on a link bought by the megabyte (issue 31).
 */
export const JSON_CSP = "default-src 'none'; frame-ancestors 'none'";

export default fp(
  async (app) => {
    const socketOrigins: string[] = [];
    if (app.config.publicUrl) {
      // 'self' covers ws(s) of the same host in current browsers; an explicit origin helps older ones.
      const url = new URL(app.config.publicUrl);
      socketOrigins.push(`${url.protocol === 'https:' ? 'wss:' : 'ws:'}//${url.host}`);
    }
    // MEDIA_STORE=s3: /media redirects pictures to the bucket or CDN; the page's <img> and the service
    // worker's media cache load them from there.
    const mediaOrigins = app.mediaStore.publicOrigin ? [app.mediaStore.publicOrigin] : [];
    const headers = securityHeaders({
      contentSecurityPolicy: {
        useDefaults: true,
        directives: {
          'default-src': ["'self'"],
          // index.html's boot script is inline (one round trip less before first paint): allowed by hash.
          'script-src': ["'self'", ...inlineScriptHashes(app.config.webDistDir)],
          'style-src': ["'self'", "'unsafe-inline'"],
          'img-src': ["'self'", 'data:', 'blob:', ...mediaOrigins],
          'font-src': ["'self'", 'data:'],
          'connect-src': ["'self'", ...socketOrigins, ...mediaOrigins],
          'worker-src': ["'self'"],
          'manifest-src': ["'self'"],
          'object-src': ["'none'"],
          'frame-ancestors': ["'none'"],
          // The sandbox checkout form answers with a redirect to the donor's /payment-status, which may
          // be an allowed client's (CORS_ORIGINS); Chromium checks form-action on that redirect too.
          'form-action': ["'self'", ...app.config.corsOrigins],
          // Boafo is often opened over plain http on a LAN address; upgrading would break it.
          'upgrade-insecure-requests': null,
        },
      },
      crossOriginEmbedderPolicy: false,
    });
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers);
      done();
    });
    app.addHook('onSend', (_request, reply, payload, done) => {
      if (/^application\/([\w.-]+\+)?json/.test(String(reply.getHeader('content-type') ?? ''))) {
        for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
        reply.header('content-security-policy', JSON_CSP);
      }
      done(null, payload);
    });
  },
  { name: 'helmet', dependencies: [] },
);
