/**
 * Replies to our texts. Hubtel signs nothing on its Receive SMS callback; its advice is to check the
 * request really comes from Hubtel and to let only its servers through. So a reply must carry our
 * shared secret (SMS_INBOUND_TOKEN: `?token=` in the callback URL we give Hubtel, or the
 * X-Boafo-Sms-Token header) and, when SMS_INBOUND_ALLOWED_IPS is set, come from one of those
 * addresses.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import type { SmsSettings } from '../config';

export const SMS_TOKEN_HEADER = 'x-boafo-sms-token';

export type InboundCheck = 'ok' | 'missing' | 'refused';

/** Constant time whatever the lengths: both sides are hashed first. */
function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

export function checkInbound(settings: SmsSettings, token: string | undefined, ip: string): InboundCheck {
  if (!token) return 'missing';
  if (!settings.inboundToken || !sameSecret(token, settings.inboundToken)) return 'refused';
  const list = settings.inboundAllowedIps;
  if (list) {
    const family = isIP(ip);
    // An IPv4 client on a dual-stack socket arrives as ::ffff:a.b.c.d.
    const plain = ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
    const type = isIP(plain) === 4 ? 'ipv4' : 'ipv6';
    if (family === 0 || !list.check(plain, type)) return 'refused';
  }
  return 'ok';
}

const STOP_WORDS = new Set(['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'OPTOUT']);
const START_WORDS = new Set(['START', 'UNSTOP', 'RESUME', 'YES']);

/**
 * What a reply asks: its first word, or its second after a campaign keyword ("BOAFO STOP"), any
 * case, punctuation ignored. Anything else asks nothing.
 */
export function replyAction(text: string): 'stop' | 'start' | null {
  const words = text
    .toUpperCase()
    .split(/[^A-Z]+/)
    .filter(Boolean)
    .slice(0, 2);
  for (const word of words) {
    if (STOP_WORDS.has(word)) return 'stop';
    if (START_WORDS.has(word)) return 'start';
  }
  return null;
}
