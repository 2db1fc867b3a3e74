/** Payment references: ours, unguessable (they are the capability to read an outcome). */
import { randomBytes } from 'node:crypto';
import { base32Encode } from '../lib/base32';

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

/** 120 random bits as 24 lower-case base32 characters. */
function randomBase32(): string {
  return base32Encode(randomBytes(15)).toLowerCase();
}

export const REFERENCE_PATTERN = /^[A-Za-z0-9.=-]{1,100}$/;
