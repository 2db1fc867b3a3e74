/**
 * Cart, donations and payments on the wire (spec §3, §4, §7, §8). Amounts are decimal
 * strings in GHS ("10.00"); requests may send numbers or strings; the server keeps pesewas.
 * The types are the contract schemas' (src/shared/contract/cart.ts, payments.ts), imported as
 * types only so the web bundle carries no schema code.
 */
import type { Static } from 'typebox';
import type {
  CartAddBody,
  CartItemSchema,
  CartMutationSchema,
  CartSchema,
  CartSyncBody,
  CartSyncLineSchema,
  CartSyncRefusalSchema,
  CartSyncSchema,
  CheckoutBody,
  DonateBody,
  DonorDetailsSchema,
  PaymentMethodSchema,
  PaymentStartSchema,
} from './contract/cart';
import type { PaymentVerificationSchema } from './contract/payments';
import type { SandboxChargeSchema, SubscriptionSchema } from './contract/subscriptions';

export type CartItem = Static<typeof CartItemSchema>;
export type Cart = Static<typeof CartSchema>;
export type CartAddRequest = Static<typeof CartAddBody>;
export type CartMutationResponse = Static<typeof CartMutationSchema>;
export type CartSyncLine = Static<typeof CartSyncLineSchema>;
export type CartSyncRequest = Static<typeof CartSyncBody>;
export type CartSyncRefusal = Static<typeof CartSyncRefusalSchema>;
export type CartSyncResponse = Static<typeof CartSyncSchema>;

export const CART_SYNC_MAX_LINES = 100;

export const CART_MAX_AMOUNT_GHS = 1_000_000;
export const CART_DEFAULT_AMOUNT = '10.00';

export type PaymentMethod = Static<typeof PaymentMethodSchema>;
/** Who gives; guests need only an email. */
export type DonorDetails = Static<typeof DonorDetailsSchema>;
export type DonateRequest = Static<typeof DonateBody>;
export type CheckoutRequest = Static<typeof CheckoutBody>;
/** Answer of donate, checkout and payments/initiate. */
export type PaymentStart = Static<typeof PaymentStartSchema>;

/**
 * GET /api/payments/verify/{reference}/, one of (narrow on `status`):
 *  - 200, status success: `message` 'Payment verified successfully'.
 *  - 202, status pending (the provider has not decided), flagged (paid, amount under review) or
 *    refunded: no `message`; ask again later.
 *  - 402, status failed or abandoned: the error shape (`detail`, `code` payment_failed or
 *    payment_abandoned) with the payment's fields.
 */
export type PaymentVerification = Static<typeof PaymentVerificationSchema>;
export type PaymentOutcome = PaymentVerification['status'];
/** The 200 answer: the only one with `message`. */
export type PaymentVerified = Extract<PaymentVerification, { status: 'success' }>;

export const PAYMENT_VERIFIED_MESSAGE = 'Payment verified successfully';

/** Browser storage key for the last payment reference (spec §3). */
export const LAST_PAYMENT_REFERENCE_KEY = 'last_payment_reference';

/** A monthly gift as GET /api/subscriptions/ lists it. */
export type SubscriptionSummary = Static<typeof SubscriptionSchema>;
export type SandboxCharge = Static<typeof SandboxChargeSchema>;
