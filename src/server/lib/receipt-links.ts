/**
 * Signed, expiring receipt addresses for people without a session (a guest donor opening the
 * receipt email). The key is derived from the token secret rather than being that secret, so a
 * receipt signature can never be replayed as, or help forge, an access token.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Locale } from '../../shared/i18n/locales';

export const RECEIPT_LINK_DAYS = 30;
const RECEIPT_LINK_SECONDS = RECEIPT_LINK_DAYS * 24 * 60 * 60;

/** What settlement needs to write absolute links into its mails (it has no request). */
export interface SettlementLinks {
  /** `locale`: the language the receipt mail speaks, so its PDF opens in the same one (`&lang=`). */
  receiptUrl(reference: string, locale?: Locale): string;
  /** Short enough for a text: /r/{reference}, which signs a receipt link when opened (routes/short-links). */
  receiptShortUrl(reference: string): string;
  causeUrl(causeId: string): string;
}

export class ReceiptLinks implements SettlementLinks {
  private readonly key: Buffer;

  constructor(
    secret: string,
    private readonly origin: string,
  ) {
    this.key = createHmac('sha256', secret).update('receipt-links').digest();
  }

  private mac(reference: string, exp: number): string {
    return createHmac('sha256', this.key).update(`${reference}.${exp}`).digest('hex');
  }

  sign(reference: string, now = Date.now()): { sig: string; exp: number } {
    const exp = Math.floor(now / 1000) + RECEIPT_LINK_SECONDS;
    return { sig: this.mac(reference, exp), exp };
  }

  /** True for an unexpired signature made by sign() for this very reference. */
  check(reference: string, sig: string | undefined, exp: string | number | undefined, now = Date.now()): boolean {
    if (!sig || exp === undefined || !/^\d{1,12}$/.test(String(exp))) return false;
    const expiry = Number(exp);
    if (expiry * 1000 <= now) return false;
    const expected = Buffer.from(this.mac(reference, expiry), 'hex');
    const given = Buffer.from(/^[a-f0-9]{64}$/.test(sig) ? sig : '', 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  /** Relative, for our own clients (they may talk to the API at another origin). */
  receiptPath(reference: string, now = Date.now()): string {
    const { sig, exp } = this.sign(reference, now);
    return `/api/payments/${encodeURIComponent(reference)}/receipt.pdf?sig=${sig}&exp=${exp}`;
  }

  receiptUrl(reference: string, locale: Locale = 'en', now = Date.now()): string {
    // The language is outside the signature: it changes the words of the PDF, never who may read it.
    return `${this.origin}${this.receiptPath(reference, now)}${locale === 'en' ? '' : `&lang=${locale}`}`;
  }

  receiptShortUrl(reference: string): string {
    return `${this.origin}/r/${encodeURIComponent(reference)}`;
  }

  causeUrl(causeId: string): string {
    return `${this.origin}/causes/${encodeURIComponent(causeId)}`;
  }
}
