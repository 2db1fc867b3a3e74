/**
 * How a donor really paid. The method picked on the donation form is only a wish: on the provider's
 * hosted checkout the donor may pay another way. When a payment succeeds its donations take the
 * method the provider's channel means (settle.ts), and that is what receipts, statements and the
 * donation lists show and what the card hold reads (repositories/withdrawals.ts: only mobile money
 * is available at once; card, any other channel and an unnamed one wait CARD_HOLD_HOURS).
 */
import type { PaymentMethod } from '../repositories/payments';

/** Channels that are a card underneath (a wallet charges a card, and its chargebacks come the same way). */
const CARD_CHANNELS = new Set(['card', 'apple_pay']);

/** The provider's channel as one of our methods; null for any other channel (bank, ussd, qr, …) or none. */
export function paidMethod(channel: string | null | undefined): PaymentMethod | null {
  if (channel === 'mobile_money') return 'mobile_money';
  if (channel && CARD_CHANNELS.has(channel)) return 'card';
  return null;
}
