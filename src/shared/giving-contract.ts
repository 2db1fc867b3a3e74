/**
 * Cart, donations and payments on the wire (spec §3, §4, §7, §8). Amounts are decimal
 * strings in GHS ("10.00"); requests may send numbers or strings; the server keeps pesewas.
 */

/** One line per cause. `id` is the server's line id; paths also accept the cause id in its place. */
export interface CartItem {
  id: string;
  cause_id: string;
  title: string;
  category: string | null;
  image: string | null;
  donation_amount: string;
  quantity: number;
  /** donation_amount × quantity. */
  line_total: string;
  /** False once the cause stops taking donations (closed, or completed without the organizer's leave). */
  accepts_donations: boolean;
}

/** GET /api/cart/{cart_id}/ and the answer of every cart mutation. */
export interface Cart {
  cart_id: string;
  items: CartItem[];
  total_amount: string;
}

/** POST /api/cart/add/ — cart_id may be a new client-made UUID (offline carts) or absent. */
export interface CartAddRequest {
  cart_id?: string | null;
  cause_id: string;
  donation_amount: string | number;
  quantity?: number;
}

/** POST /api/cart/add/, PATCH /api/cart/update/{item}/ answer: the changed line and the whole cart. */
export interface CartMutationResponse extends Cart {
  item: CartItem | null;
}

/**
 * POST /api/cart/sync/ — the lines a device intends, applied together in one transaction with one
 * Idempotency-Key. Each line is absolute (the latest quantity wins; 0 removes the line), so sending
 * the same batch again changes nothing. `donation_amount` is required when quantity > 0.
 */
export interface CartSyncLine {
  cause_id: string;
  quantity: number;
  donation_amount?: string | number;
}

export interface CartSyncRequest {
  cart_id?: string | null;
  lines: CartSyncLine[];
}

/** A line the server did not apply, and why; every other line of the batch was applied. */
export interface CartSyncRefusal {
  cause_id: string;
  code: 'not_accepting' | 'not_found';
  detail: string;
}

/** The cart after the batch, plus the lines it refused. */
export interface CartSyncResponse extends Cart {
  refused: CartSyncRefusal[];
}

export const CART_SYNC_MAX_LINES = 100;

export const CART_MAX_AMOUNT_GHS = 1_000_000;
export const CART_DEFAULT_AMOUNT = '10.00';

export type PaymentMethod = 'card' | 'mobile_money';

/** Who gives; guests need only an email. */
export interface DonorDetails {
  email: string;
  first_name?: string;
  last_name?: string;
  country?: string;
  phone_country_code?: string;
  phone_number?: string;
  payment_method?: PaymentMethod;
  is_anonymous?: boolean;
}

/** POST /api/cart/donate/ — one cause. */
export interface DonateRequest extends DonorDetails {
  cause_id: string;
  donation_amount: string | number;
  quantity?: number;
  cart_id?: string | null;
}

/**
 * POST /api/cart/checkout/ — several causes, one payment.
 *  - mode 'cart' (default): the ticked lines `cause_ids` (all lines when absent) at their cart amounts.
 *  - mode 'separately': `amounts` gives an amount per cause.
 *  - mode 'together': `total_amount` split evenly over `cause_ids`, remainder pesewas to the first.
 */
export interface CheckoutRequest extends DonorDetails {
  cart_id?: string | null;
  mode?: 'cart' | 'separately' | 'together';
  cause_ids?: string[];
  amounts?: Record<string, string | number>;
  total_amount?: string | number;
}

/** Answer of donate, checkout and payments/initiate. */
export interface PaymentStart {
  authorization_url: string;
  reference: string;
  total_amount: string;
}

export type PaymentOutcome = 'success' | 'failed' | 'abandoned' | 'pending' | 'flagged' | 'refunded';

/**
 * GET /api/payments/verify/{reference}/. Spec §7 reads `message` as "verified", so only a
 * completed payment carries one:
 *  - 200, status success: `message` 'Payment verified successfully'.
 *  - 202, status pending (the provider has not decided) or flagged (paid, amount under review):
 *    no `message`; ask again later.
 *  - 402, status failed or abandoned: the error shape (`detail`, `code` payment_failed or
 *    payment_abandoned) with the fields below.
 */
export interface PaymentVerification {
  reference: string;
  status: PaymentOutcome;
  /** Only on success (200). */
  message?: string;
  /** The outcome in words, on every answer. */
  detail: string;
  /** Only on 402. */
  code?: 'payment_failed' | 'payment_abandoned';
  total_amount: string;
  currency: 'GHS';
  donations: { id: string; cause_id: string; cause_title: string; amount: string; status: string }[];
}

export const PAYMENT_VERIFIED_MESSAGE = 'Payment verified successfully';

/** Browser storage key for the last payment reference (spec §3). */
export const LAST_PAYMENT_REFERENCE_KEY = 'last_payment_reference';
