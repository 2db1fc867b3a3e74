/**
 * Security headers with a CSP that lets the PWA (service worker, blobs, same-origin socket) work.
 * Cross-Origin-Resource-Policy stays same-origin except on /media (routes/media sets cross-origin).
 */
import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';
import { inlineScriptHashes } from '../../lib/inline-script-hashes';

export default fp(
  async (app) => {
    const socketOrigins: string[] = [];
    if (app.config.publicUrl) {
      // 'self' covers ws(s) of the same host in current browsers; an explicit origin helps older ones.
      const url = new URL(app.config.publicUrl);
      socketOrigins.push(`${url.protocol === 'https:' ? 'wss:' : 'ws:'}//${url.host}`);
    }
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: true,
        directives: {
          'default-src': ["'self'"],
          // index.html's boot script is inline (one round trip less before first paint): allowed by hash.
          'script-src': ["'self'", ...inlineScriptHashes(app.config.webDistDir)],
          'style-src': ["'self'", "'unsafe-inline'"],
          'img-src': ["'self'", 'data:', 'blob:'],
          'font-src': ["'self'", 'data:'],
          'connect-src': ["'self'", ...socketOrigins],
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
  },
  { name: 'helmet', dependencies: [] },
);
