/**
 * TOTP (RFC 6238 over RFC 4226's HOTP): HMAC-SHA1 of the 30-second time step, dynamically
 * truncated to 6 digits, the way every authenticator app computes it. Plus the single-use
 * recovery codes and the tokens of remembered devices (random, stored as sha256 only).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { TOTP_DIGITS, TOTP_PERIOD_SECONDS } from '../../shared/sign-in';
import { base32Decode, base32Encode } from './base32';
import { sha256Hex } from './tokens';

/** 160 random bits, the size RFC 4226 recommends for HMAC-SHA1. */
export function newTotpSecret(): string {
  return base32Encode(randomBytes(20));
}

export function timeStep(nowMs: number): number {
  return Math.floor(nowMs / 1000 / TOTP_PERIOD_SECONDS);
}

/** The code for one time step. */
export function totpForStep(secret: string, step: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac('sha1', base32Decode(secret)).update(counter).digest();
  const offset = mac[mac.length - 1] & 0x0f;
  const binary = (mac.readUInt32BE(offset) & 0x7fffffff) % 10 ** TOTP_DIGITS;
  return String(binary).padStart(TOTP_DIGITS, '0');
}

/** The code an app shows at `nowMs`. */
export function totpAt(secret: string, nowMs: number): string {
  return totpForStep(secret, timeStep(nowMs));
}

/**
 * The time step `code` belongs to, within one step either side of now (a phone's clock a little
 * off, or a code typed as it changed), or null. Every candidate is compared in constant time.
 */
export function matchTotp(secret: string, code: string, nowMs: number, window = 1): number | null {
  const now = timeStep(nowMs);
  const given = Buffer.from(code.padEnd(TOTP_DIGITS, ' ').slice(0, TOTP_DIGITS));
  let found: number | null = null;
  for (let step = now - window; step <= now + window; step += 1) {
    if (timingSafeEqual(Buffer.from(totpForStep(secret, step)), given) && found === null) found = step;
  }
  return found;
}

/** What authenticator apps read from the QR code (the de facto Key URI format). */
export function otpauthUri(secret: string, account: string, issuer = 'Boafo'): string {
  const label = encodeURIComponent(`${issuer}:${account}`);
  const params = new URLSearchParams({
    secret,
    issuer,
    algorithm: 'SHA1',
    digits: String(TOTP_DIGITS),
    period: String(TOTP_PERIOD_SECONDS),
  });
  return `otpauth://totp/${label}?${params.toString()}`;
}

const RECOVERY_ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';

/** 12 characters of base32 (60 bits) each, shown as xxxx-xxxx-xxxx. */
export function newRecoveryCodes(count: number): string[] {
  return Array.from({ length: count }, () => {
    const bytes = randomBytes(12);
    const raw = [...bytes].map((b) => RECOVERY_ALPHABET[b & 31]).join('');
    return `${raw.slice(0, 4)}-${raw.slice(4, 8)}-${raw.slice(8, 12)}`;
  });
}

/** Salted with the account, so one hash never matches another person's code. `code` is normalized. */
export function recoveryCodeHash(userId: string, code: string): string {
  return sha256Hex(`${userId}:${code}`);
}
