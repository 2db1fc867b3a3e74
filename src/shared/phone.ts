/**
 * Ghana mobile numbers: the one rule the server, the PWA and the SMS/USSD work share.
 * Donors type them as 0XX XXX XXXX or +233 XX XXX XXXX (spaces, dashes, dots and brackets
 * allowed); we keep and send 233XXXXXXXXX, and show +233 XX XXX XXXX. Landlines (03x) and
 * anything else are refused. Imports nothing: the landing page may use it.
 */

/** The mobile money networks we can charge; the keys are ours, stable in the API. */
export const MOBILE_NETWORKS = ['mtn', 'telecel', 'at'] as const;
export type MobileNetwork = (typeof MOBILE_NETWORKS)[number];

export const MOBILE_NETWORK_NAMES: Record<MobileNetwork, string> = {
  mtn: 'MTN MoMo',
  telecel: 'Telecel Cash',
  at: 'AT Money',
};

/**
 * Which network issued a number, read from its prefix (the two digits after 0). Ported
 * numbers keep their prefix, so this is a guess the donor may change, never a check.
 * 023 (Glo) is a mobile number with no mobile money network we can charge.
 */
const NETWORK_BY_PREFIX: Record<string, MobileNetwork> = {
  '24': 'mtn',
  '25': 'mtn',
  '53': 'mtn',
  '54': 'mtn',
  '55': 'mtn',
  '59': 'mtn',
  '20': 'telecel',
  '50': 'telecel',
  '26': 'at',
  '27': 'at',
  '56': 'at',
  '57': 'at',
};

/** 233XXXXXXXXX for a Ghana mobile number in any form people type it; null otherwise. */
export function normaliseGhanaMobile(input: string): string | null {
  const compact = input.replace(/[\s().-]/g, '').replace(/^\+/, '');
  const match = /^(?:0|233)([25]\d{8})$/.exec(compact);
  return match ? `233${match[1]}` : null;
}

/** The 10-digit local form ("0241234567") that wallets and Paystack's Charge API take. */
export function localGhanaMobile(input: string): string | null {
  const international = normaliseGhanaMobile(input);
  return international ? `0${international.slice(3)}` : null;
}

/** "+233 24 123 4567" for reading aloud; what it was given when that is not a mobile number. */
export function formatGhanaMobile(input: string): string {
  const n = normaliseGhanaMobile(input);
  return n ? `+233 ${n.slice(3, 5)} ${n.slice(5, 8)} ${n.slice(8)}` : input;
}

/** The network a number's prefix belongs to, or null (not a mobile number, or not one we charge). */
export function networkOfMobile(input: string): MobileNetwork | null {
  const n = normaliseGhanaMobile(input);
  return n ? (NETWORK_BY_PREFIX[n.slice(3, 5)] ?? null) : null;
}

export function isMobileNetwork(value: unknown): value is MobileNetwork {
  return typeof value === 'string' && (MOBILE_NETWORKS as readonly string[]).includes(value);
}
