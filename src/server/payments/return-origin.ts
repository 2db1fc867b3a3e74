/**
 * Where a donor's browser goes after paying: `<origin>/payment-status?reference=…` (spec §2), on
 * the site that started the payment. Our own app unless the payment was started by a client in
 * CORS_ORIGINS, recognised by the request's Origin header or by an explicit `return_url` whose
 * origin is allow-listed. Never anywhere else: a payment page that hands donors to any site named
 * in a request would be an open redirect with our name on it. The origin is stored on the payment
 * (payments.return_origin), so every process and the provider's callback agree on it.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { validationError } from '../lib/api-error';
import { siteOrigin } from '../lib/site-origin';
import { english } from '../lib/localize';

export const RETURN_URL_NOT_ALLOWED = english('errors.payment.returnUrlNotAllowed');

function originOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : null;
  } catch {
    return null;
  }
}

/**
 * The allowed client origin to return to, or null for our own app. Throws a 400 naming
 * `return_url` when one was sent that we would not send a donor to; callers check this before
 * creating anything, so a refused request leaves no payment behind.
 */
export function returnOriginOf(app: FastifyInstance, request: FastifyRequest): string | null {
  const allowed = app.config.corsOrigins;
  const own = originOf(siteOrigin(request.server, request));
  const body = request.body as { return_url?: unknown } | null | undefined;
  const explicit = body && typeof body === 'object' && typeof body.return_url === 'string' ? body.return_url.trim() : '';
  if (explicit) {
    const origin = originOf(explicit);
    if (origin !== null && origin === own) return null;
    if (origin !== null && allowed.includes(origin)) return origin;
    throw validationError({ return_url: [RETURN_URL_NOT_ALLOWED] });
  }
  const header = request.headers.origin;
  return header && header !== own && allowed.includes(header) ? header : null;
}

/** The page the donor lands on after the provider: the stored client origin, else ours. */
export function paymentStatusUrl(request: FastifyRequest, payment: { reference: string; returnOrigin: string | null }): string {
  return `${payment.returnOrigin ?? siteOrigin(request.server, request)}/payment-status?reference=${encodeURIComponent(payment.reference)}`;
}
