/** Paystack-style webhook signatures: hex HMAC-SHA512 of the raw body with the secret. */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_HEADER = 'x-paystack-signature';

export function signBody(body: Buffer | string, secret: string): string {
  return createHmac('sha512', secret).update(body).digest('hex');
}

/** Constant-time comparison, so the signature cannot be guessed byte by byte. */
export function validSignature(body: Buffer, secret: string, header: unknown): boolean {
  if (typeof header !== 'string' || !/^[0-9a-f]{128}$/i.test(header)) return false;
  const expected = Buffer.from(signBody(body, secret), 'hex');
  return timingSafeEqual(expected, Buffer.from(header, 'hex'));
}
