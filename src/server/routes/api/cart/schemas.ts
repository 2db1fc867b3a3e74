/** Cart, donate and checkout schemas; they mirror src/shared/giving-contract.ts. */
import { Type } from 'typebox';
import { PAYMENT_METHODS } from '../../../db/schema';
import { ReturnFields } from '../../shared-schemas';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);
/** Checked in the handler (checkAmount) so every amount problem has its own message. */
const Amount = Type.Union([Type.String({ maxLength: 40 }), Type.Number()], { description: 'GHS, e.g. "25.00" or 25' });
const CartId = Nullable(Type.String({ format: 'uuid', description: 'A cart id; guests may invent a UUID offline.' }));

export const CartItemResponse = Type.Object({
  id: Type.String(),
  cause_id: Type.String(),
  title: Type.String(),
  category: Nullable(Type.String()),
  image: Nullable(Type.String()),
  donation_amount: Type.String(),
  quantity: Type.Integer(),
  line_total: Type.String(),
  accepts_donations: Type.Boolean(),
});

const cartFields = {
  cart_id: Type.String(),
  items: Type.Array(CartItemResponse),
  total_amount: Type.String(),
};
export const CartResponse = Type.Object(cartFields);
export const CartMutationResponse = Type.Object({ ...cartFields, item: Nullable(CartItemResponse) });

export const CartIdParams = Type.Object({ cart_id: Type.String({ maxLength: 100 }) });
export const CartIdQuery = Type.Object({ cart_id: Type.Optional(Type.String({ maxLength: 100 })) });
export const ItemParams = Type.Object({ item: Type.String({ maxLength: 100, description: 'Line id or cause id.' }) });

export const CartAddBody = Type.Object({
  cart_id: Type.Optional(CartId),
  cause_id: Type.String({ format: 'uuid' }),
  donation_amount: Amount,
  quantity: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
});

export const CartUpdateBody = Type.Object({
  cart_id: Type.Optional(CartId),
  quantity: Type.Integer({ minimum: 0, maximum: 1000 }),
});

export const CartSyncLineBody = Type.Object({
  cause_id: Type.String({ format: 'uuid' }),
  quantity: Type.Integer({ minimum: 0, maximum: 1000, description: 'The quantity the device wants; 0 removes the line.' }),
  donation_amount: Type.Optional(Amount),
});

export const CartSyncBody = Type.Object({
  cart_id: Type.Optional(CartId),
  lines: Type.Array(CartSyncLineBody, { maxItems: 100, description: 'Applied in order; a cause named twice: the last wins.' }),
});

export const CartSyncResponse = Type.Object({
  ...cartFields,
  refused: Type.Array(Type.Object({
    cause_id: Type.String(),
    code: Type.Union([Type.Literal('not_accepting'), Type.Literal('not_found')]),
    detail: Type.String(),
  }), { description: 'Lines not applied (the cause is unknown or no longer takes donations); every other line was.' }),
});

export const CartRemoveBody = Nullable(Type.Object({ cart_id: Type.Optional(CartId) }));

const Text = (maxLength: number) => Type.Optional(Type.String({ maxLength }));

/** DonorDetails: guests need only an email; signed-in donors default to their account's. */
export const DonorFields = {
  email: Type.Optional(Type.String({ format: 'email', maxLength: 254 })),
  first_name: Text(100),
  last_name: Text(100),
  country: Text(100),
  phone_country_code: Text(8),
  phone_number: Text(30),
  payment_method: Type.Optional(Type.Enum([...PAYMENT_METHODS])),
  is_anonymous: Type.Optional(Type.Boolean()),
};

export const DonateBody = Type.Object({
  ...DonorFields,
  ...ReturnFields,
  cause_id: Type.String({ format: 'uuid' }),
  donation_amount: Amount,
  quantity: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
  cart_id: Type.Optional(CartId),
});

export const CheckoutBody = Type.Object({
  ...DonorFields,
  ...ReturnFields,
  cart_id: Type.Optional(CartId),
  mode: Type.Optional(Type.Enum(['cart', 'separately', 'together'])),
  cause_ids: Type.Optional(Type.Array(Type.String({ format: 'uuid' }), { maxItems: 50 })),
  amounts: Type.Optional(Type.Record(Type.String(), Amount, { description: 'cause id → amount (mode separately).' })),
  total_amount: Type.Optional(Amount),
});

export const PaymentStartResponse = Type.Object({
  authorization_url: Type.String(),
  reference: Type.String(),
  total_amount: Type.String(),
});
