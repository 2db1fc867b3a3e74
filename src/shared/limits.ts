/**
 * How much a request may carry: the contract schemas (src/shared/contract) declare these limits,
 * the server enforces them with its own messages and the web app's forms stop at them. Plain values,
 * no imports.
 */

/** A cause update's text, in characters. */
export const UPDATE_BODY_MAX = 5000;
/** Words of support sent with a donation, in characters. */
export const SUPPORT_MESSAGE_MAX = 280;

/** Uploaded images: the server checks content, not the name. */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

/** Lines one POST /api/cart/sync/ may carry. */
export const CART_SYNC_MAX_LINES = 100;
/** The largest gift to one cause, in GHS. */
export const CART_MAX_AMOUNT_GHS = 1_000_000;
