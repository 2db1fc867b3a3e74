/** Payment references: ours, unguessable (they are the capability to read an outcome). */
import { randomBytes } from 'node:crypto';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';

/**
 * 'bf-' + 24 base32 characters (120 random bits). A hyphen, not an underscore:
 * Paystack allows only alphanumerics and - . = in references.
 */
export function newPaymentReference(): string {
  return `bf-${randomBase32()}`;
}

/** Refunds: 'bfr-' + 24 base32 characters, ours, like payments and withdrawals. */
export function newRefundReference(): string {
  return `bfr-${randomBase32()}`;
}

function randomBase32(): string {
  const bytes = randomBytes(15);
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return out;
}

export const REFERENCE_PATTERN = /^[A-Za-z0-9.=-]{1,100}$/;
