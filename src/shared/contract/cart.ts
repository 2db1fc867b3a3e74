/**
 * Cart, donate and checkout on the wire (spec §3, §4, §8). Amounts answer as GHS decimal strings
 * ("10.00"); requests may send numbers or strings; the server keeps pesewas.
 */
import { Type, type Static } from 'typebox';
import { CART_SYNC_MAX_LINES } from '../limits';
import { AmountInput, ImageUrl, Nullable, ReturnFields } from './common';
import { PAYMENT_METHODS } from './statuses';
import { SupportMessageField } from './updates';
import { GiftInterval } from './subscriptions';
import { MobileMoneyInputSchema } from './mobile-money';

const CartId = Nullable(Type.String({ format: 'uuid', description: 'A cart id; guests may invent a UUID offline.' }));
const Quantity = Type.Integer({ minimum: 1, maximum: 1000 });

/** One line per cause. `id` is the server's line id; paths also accept the cause id in its place. */
export const CartItemSchema = Type.Object({
  id: Type.String(),
  cause_id: Type.String(),
  title: Type.String(),
  category: Nullable(Type.String()),
  image: ImageUrl,
  donation_amount: Type.String(),
  quantity: Type.Integer(),
  /** donation_amount × quantity. */
  line_total: Type.String(),
  /** False once the cause stops taking donations (closed, or completed without the organizer's leave). */
  accepts_donations: Type.Boolean(),
});
export type CartItem = Static<typeof CartItemSchema>;

const cartFields = {
  cart_id: Type.String(),
  items: Type.Array(CartItemSchema),
  total_amount: Type.String(),
};

/** GET /api/cart/{cart_id}/ and the answer of every cart mutation. */
export const CartSchema = Type.Object(cartFields);
export type Cart = Static<typeof CartSchema>;

/** POST /api/cart/add/, PATCH /api/cart/update/{item}/ answer: the changed line and the whole cart. */
export const CartMutationSchema = Type.Object({ ...cartFields, item: Nullable(CartItemSchema) });
export type CartMutationResponse = Static<typeof CartMutationSchema>;

/** POST /api/cart/add/ — cart_id may be a new client-made UUID (offline carts) or absent. */
export const CartAddBody = Type.Object({
  cart_id: Type.Optional(CartId),
  cause_id: Type.String({ format: 'uuid' }),
  donation_amount: AmountInput,
  quantity: Type.Optional(Quantity),
});
export type CartAddRequest = Static<typeof CartAddBody>;

export const CartUpdateBody = Type.Object({
  cart_id: Type.Optional(CartId),
  quantity: Type.Integer({ minimum: 0, maximum: 1000 }),
});

export const CartRemoveBody = Nullable(Type.Object({ cart_id: Type.Optional(CartId) }));

/**
 * One line of POST /api/cart/sync/: absolute (the latest quantity wins; 0 removes the line), so
 * sending the same batch again changes nothing. `donation_amount` is required when quantity > 0.
 */
export const CartSyncLineSchema = Type.Object({
  cause_id: Type.String({ format: 'uuid' }),
  quantity: Type.Integer({ minimum: 0, maximum: 1000, description: 'The quantity the device wants; 0 removes the line.' }),
  donation_amount: Type.Optional(AmountInput),
});
export type CartSyncLine = Static<typeof CartSyncLineSchema>;

/** POST /api/cart/sync/ — the lines a device intends, applied together in one transaction with one Idempotency-Key. */
export const CartSyncBody = Type.Object({
  cart_id: Type.Optional(CartId),
  lines: Type.Array(CartSyncLineSchema, {
    maxItems: CART_SYNC_MAX_LINES,
    description: 'Applied in order; a cause named twice: the last wins.',
  }),
});
export type CartSyncRequest = Static<typeof CartSyncBody>;

/** A line the server did not apply, and why; every other line of the batch was applied. */
export const CartSyncRefusalSchema = Type.Object({
  cause_id: Type.String(),
  code: Type.Union([Type.Literal('not_accepting'), Type.Literal('not_found')]),
  detail: Type.String(),
});
export type CartSyncRefusal = Static<typeof CartSyncRefusalSchema>;

/** The cart after the batch, plus the lines it refused. */
export const CartSyncSchema = Type.Object({
  ...cartFields,
  refused: Type.Array(CartSyncRefusalSchema, {
    description: 'Lines not applied (the cause is unknown or no longer takes donations); every other line was.',
  }),
});
export type CartSyncResponse = Static<typeof CartSyncSchema>;

const Text = (maxLength: number) => Type.Optional(Type.String({ maxLength }));

export const PaymentMethodSchema = Type.Enum([...PAYMENT_METHODS]);
export type PaymentMethod = Static<typeof PaymentMethodSchema>;

/** DonorDetails: guests need only an email (checked in the handler); signed-in donors default to their account's. */
export const DonorFields = {
  email: Type.Optional(Type.String({ format: 'email', maxLength: 254 })),
  first_name: Text(100),
  last_name: Text(100),
  country: Text(100),
  phone_country_code: Text(8),
  phone_number: Text(30),
  payment_method: Type.Optional(PaymentMethodSchema),
  is_anonymous: Type.Optional(Type.Boolean()),
  message: SupportMessageField,
  sms_opt_in: Type.Optional(
    Type.Boolean({
      description:
        "Text me my receipt and this cause's news by SMS: on `phone_number` (a Ghana mobile; else the account's phone or the mobile money number). Any other number is a 400 errors.phone_number. Reply STOP to end.",
    }),
  ),
};

export const DonorDetailsSchema = Type.Object(DonorFields);
export type DonorDetails = Static<typeof DonorDetailsSchema>;

/** POST /api/cart/donate/ — one cause. */
export const DonateBody = Type.Object({
  ...DonorFields,
  ...ReturnFields,
  cause_id: Type.String({ format: 'uuid' }),
  donation_amount: AmountInput,
  quantity: Type.Optional(Quantity),
  cart_id: Type.Optional(CartId),
  interval: GiftInterval,
  /** Charge this wallet directly instead of sending the donor to the hosted checkout (one-off gifts only). */
  mobile_money: Type.Optional(MobileMoneyInputSchema),
});
export type DonateRequest = Static<typeof DonateBody>;

/**
 * POST /api/cart/checkout/ — several causes, one payment.
 *  - mode 'cart' (default): the ticked lines `cause_ids` (all lines when absent) at their cart amounts.
 *  - mode 'separately': `amounts` gives an amount per cause.
 *  - mode 'together': `total_amount` split evenly over `cause_ids`, remainder pesewas to the first.
 */
export const CheckoutBody = Type.Object({
  ...DonorFields,
  ...ReturnFields,
  cart_id: Type.Optional(CartId),
  mode: Type.Optional(Type.Enum(['cart', 'separately', 'together'])),
  cause_ids: Type.Optional(Type.Array(Type.String({ format: 'uuid' }), { maxItems: 50 })),
  amounts: Type.Optional(Type.Record(Type.String(), AmountInput, { description: 'cause id → amount (mode separately).' })),
  total_amount: Type.Optional(AmountInput),
  interval: GiftInterval,
  /** Charge this wallet directly instead of sending the donor to the hosted checkout (one-off gifts only). */
  mobile_money: Type.Optional(MobileMoneyInputSchema),
});
export type CheckoutRequest = Static<typeof CheckoutBody>;

/** Answer of donate, checkout and payments/initiate. */
export const PaymentStartSchema = Type.Object({
  authorization_url: Type.String(),
  reference: Type.String(),
  total_amount: Type.String(),
  /** Only for a monthly gift: its code (GET /api/subscriptions/, DELETE …/{code}/). */
  subscription_code: Type.Optional(Type.String()),
});
export type PaymentStart = Static<typeof PaymentStartSchema>;
