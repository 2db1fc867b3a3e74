/** The origin links the server writes start with: PUBLIC_URL, else the address the request came to. */
import type { FastifyInstance, FastifyRequest } from 'fastify';

export function siteOrigin(app: FastifyInstance, request?: FastifyRequest): string {
  if (app.config.publicUrl) return app.config.publicUrl;
  // Work with no request behind it (a webhook's follow-up, the sweeper) can only guess the local address.
  return request ? `${request.protocol}://${request.host}` : `http://localhost:${app.config.port}`;
}
