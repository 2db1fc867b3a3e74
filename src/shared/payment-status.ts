/** What tells a donor a payment went through (spec §3, §7). Plain values, no imports. */

/** The `message` of GET /api/payments/verify/{reference}/ when the payment succeeded. */
export const PAYMENT_VERIFIED_MESSAGE = 'Payment verified successfully';

/** Browser storage key for the last payment reference (spec §3). */
export const LAST_PAYMENT_REFERENCE_KEY = 'last_payment_reference';
