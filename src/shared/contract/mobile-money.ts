/**
 * Mobile money without leaving the app (issue #30): donate and checkout with `mobile_money`
 * charge the donor's wallet directly (Paystack's Charge API, or the sandbox) and answer what
 * the donor must do next instead of a hosted checkout's `authorization_url`.
 */
import { Type, type Static } from 'typebox';
import { MOBILE_NETWORKS } from '../phone';

/** The wallet to charge. The network is guessed from the number's prefix when absent (ported numbers send it). */
export const MobileMoneyInputSchema = Type.Object({
  phone: Type.String({ maxLength: 30, description: 'A Ghana mobile number: 0XX XXX XXXX or +233 XX XXX XXXX.' }),
  network: Type.Optional(Type.Enum([...MOBILE_NETWORKS], { description: 'mtn, telecel or at; guessed from the prefix when absent.' })),
});
export type MobileMoneyInput = Static<typeof MobileMoneyInputSchema>;

/**
 * What the donor must do next:
 *  - pay_offline: approve the prompt on the phone (display_text says so); the outcome arrives on the socket.
 *  - send_otp: type the code or voucher the network sent (POST /api/payments/{reference}/otp/).
 *  - success: paid (verify answers 200 with the receipt).
 *  - failed: nothing was charged; display_text says why in plain words, and a new prompt may be asked for.
 */
export const MOBILE_CHARGE_STATUSES = ['pay_offline', 'send_otp', 'success', 'failed'] as const;
export type MobileChargeStatus = (typeof MOBILE_CHARGE_STATUSES)[number];

/** Answer of donate/checkout with `mobile_money`, of …/otp/ and of …/resend/. */
export const MobileChargeSchema = Type.Object({
  reference: Type.String(),
  status: Type.Enum([...MOBILE_CHARGE_STATUSES]),
  /** What to tell the donor, e.g. "Approve GH₵50.00 on your phone" or "Not enough money in the wallet". */
  display_text: Type.String(),
  total_amount: Type.String(),
  network: Type.Enum([...MOBILE_NETWORKS]),
  /** The number charged, as people read it: "+233 24 123 4567". */
  phone: Type.String(),
  /** When the prompt on the phone lapses (about three minutes); after it the page offers a new prompt. */
  expires_at: Type.String({ format: 'date-time' }),
});
export type MobileCharge = Static<typeof MobileChargeSchema>;

/** POST /api/payments/{reference}/otp/: the code or voucher the network sent by SMS. */
export const MobileOtpBody = Type.Object({
  otp: Type.String({ minLength: 1, maxLength: 20 }),
});
export type MobileOtpRequest = Static<typeof MobileOtpBody>;
