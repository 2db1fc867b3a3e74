/**
 * How many SMS parts a text costs, counted the way networks do (3GPP TS 23.038 and 23.040): a text
 * made only of the GSM 7-bit alphabet takes 160 septets in one SMS, each character of the extension
 * table (€ [ ] { } \ ^ ~ | and form feed) two of them; longer texts go in parts of 153 septets, and
 * an escaped character is never cut between two parts. One character outside that alphabet (an
 * emoji, “curly quotes”, Twi's ɛ and ɔ) turns the whole text into UCS-2: 70 UTF-16 units in one
 * SMS, 67 a part, a surrogate pair never cut. The server stores the count on each queued text and
 * the PWA shows it live where an organizer writes. Imports nothing: the web may use it.
 */

export type SmsEncoding = 'gsm7' | 'ucs2';

export interface SmsCount {
  encoding: SmsEncoding;
  /** Septets (gsm7) or UTF-16 units (ucs2) the whole text takes. */
  units: number;
  /** SMS parts it is sent as (0 for an empty text). */
  parts: number;
  /** Units one part holds: 160/153 (gsm7) or 70/67 (ucs2), depending on whether it is split. */
  perPart: number;
  /** Units still free in the last part. */
  remaining: number;
  /** The characters that made it UCS-2, each once, in order of appearance (empty for gsm7). */
  unicodeCharacters: string[];
}

export const SMS_SINGLE_GSM7 = 160;
export const SMS_PART_GSM7 = 153;
export const SMS_SINGLE_UCS2 = 70;
export const SMS_PART_UCS2 = 67;

const GSM7_BASIC = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
);
const GSM7_EXTENSION = new Set('\f^{}\\[~]|€');

/** Septets a character takes in GSM-7 (1, or 2 for the extension table), or 0 when it has none. */
export function gsm7Septets(character: string): 0 | 1 | 2 {
  if (GSM7_BASIC.has(character)) return 1;
  if (GSM7_EXTENSION.has(character)) return 2;
  return 0;
}

/** Packs units into parts of `part` without cutting an item; answers the parts and what the last one holds. */
function pack(sizes: number[], single: number, part: number): { parts: number; perPart: number; used: number } {
  const total = sizes.reduce((sum, n) => sum + n, 0);
  if (total === 0) return { parts: 0, perPart: single, used: 0 };
  if (total <= single) return { parts: 1, perPart: single, used: total };
  let parts = 1;
  let used = 0;
  for (const size of sizes) {
    if (used + size > part) {
      parts += 1;
      used = 0;
    }
    used += size;
  }
  return { parts, perPart: part, used };
}

export function smsSegments(text: string): SmsCount {
  const characters = [...text];
  const unicode: string[] = [];
  const septets: number[] = [];
  for (const character of characters) {
    const size = gsm7Septets(character);
    if (size === 0) {
      if (!unicode.includes(character)) unicode.push(character);
    } else septets.push(size);
  }
  const encoding: SmsEncoding = unicode.length === 0 ? 'gsm7' : 'ucs2';
  const sizes = encoding === 'gsm7' ? septets : characters.map((c) => c.length);
  const packed = encoding === 'gsm7' ? pack(sizes, SMS_SINGLE_GSM7, SMS_PART_GSM7) : pack(sizes, SMS_SINGLE_UCS2, SMS_PART_UCS2);
  return {
    encoding,
    units: sizes.reduce((sum, n) => sum + n, 0),
    parts: packed.parts,
    perPart: packed.perPart,
    remaining: packed.perPart - packed.used,
    unicodeCharacters: unicode,
  };
}

/** Typographic characters people paste (curly quotes, dashes, …), folded to GSM-7 look-alikes so one of them does not cost half the room. */
const FOLD: Record<string, string> = { '‘': "'", '’': "'", '“': '"', '”': '"', '–': '-', '—': '-', '…': '...', '\u00a0': ' ' };

/** `text` with curly quotes, dashes and ellipses folded, spaces collapsed, cut to `max` characters with ".." when longer. */
export function smsClip(text: string, max: number): string {
  const folded = text
    .replace(/[‘’“”–—…\u00a0]/g, (c) => FOLD[c])
    .replace(/\s+/g, ' ')
    .trim();
  const characters = [...folded];
  return characters.length <= max
    ? folded
    : `${characters
        .slice(0, Math.max(1, max - 2))
        .join('')
        .trimEnd()}..`;
}

/** A cause update's text opens with the cause's name cut to this length (server/sms/sms-text.ts; the PWA counts the same). */
export const SMS_UPDATE_TITLE_MAX = 30;
