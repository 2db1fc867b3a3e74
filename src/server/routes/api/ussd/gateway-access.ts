/**
 * Who may call the gateway routes: the gateway's shared token (USSD_GATEWAY_TOKEN, sent as X-Ussd-Token
 * or ?token= in the callback address) and/or its addresses (USSD_ALLOWED_IPS). With neither set, USSD is
 * not set up here and every call is refused: a phone menu that can start charges is never open to all.
 */
import { timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';
import type { UssdSettings } from '../../../config';
import { ApiError } from '../../../lib/api-error';
import { english } from '../../../lib/localize';

function ipv4Number(address: string): number {
  return address.split('.').reduce((sum, part) => sum * 256 + Number(part), 0);
}

/** Exact address, or inside an IPv4 range `a.b.c.d/n`. IPv4 mapped into IPv6 (::ffff:1.2.3.4) counts as IPv4. */
export function addressAllowed(ip: string, allowed: string[]): boolean {
  const address = ip.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
  return allowed.some((entry) => {
    const [base, bits] = entry.split('/');
    if (bits === undefined) return base.toLowerCase() === address.toLowerCase();
    if (isIP(address) !== 4) return false;
    const size = Number(bits);
    const mask = size === 0 ? 0 : (0xffffffff << (32 - size)) >>> 0;
    return (ipv4Number(address) & mask) >>> 0 === (ipv4Number(base) & mask) >>> 0;
  });
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function checkGatewayAccess(request: FastifyRequest, settings: UssdSettings): void {
  if (!settings.gatewayToken && settings.allowedIps.length === 0) {
    throw new ApiError(403, 'permission_denied', english('errors.gateway.ussdNotSetUp'));
  }
  if (settings.allowedIps.length > 0 && !addressAllowed(request.ip, settings.allowedIps)) {
    throw new ApiError(403, 'permission_denied', english('errors.gateway.ussdAddress'));
  }
  if (settings.gatewayToken) {
    const header = request.headers['x-ussd-token'];
    const query = (request.query as { token?: unknown } | undefined)?.token;
    const given = typeof header === 'string' ? header : typeof query === 'string' ? query : null;
    if (given === null) throw new ApiError(401, 'not_authenticated', english('errors.gateway.ussdTokenMissing'));
    if (!sameSecret(given, settings.gatewayToken)) throw new ApiError(401, 'not_authenticated', english('errors.gateway.ussdTokenWrong'));
  }
}
