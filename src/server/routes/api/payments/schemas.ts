/** Payment schemas; PaymentVerification mirrors src/shared/giving-contract.ts. */
import { Type } from 'typebox';
import { PAYMENT_STATUSES } from '../../../db/schema';

export { PaymentStartResponse } from '../cart/schemas';

export const ReferenceParams = Type.Object({ reference: Type.String({ maxLength: 100 }) });

export const PaymentVerificationResponse = Type.Object({
  reference: Type.String(),
  status: Type.Enum([...PAYMENT_STATUSES]),
  message: Type.String(),
  total_amount: Type.String(),
  currency: Type.Literal('GHS'),
  donations: Type.Array(Type.Object({
    id: Type.String(), cause_id: Type.String(), cause_title: Type.String(), amount: Type.String(), status: Type.String(),
  })),
});

/** spec §7: email, amount, user_id, donation_id. The amount must equal our record (never trusted). */
export const InitiateBody = Type.Object({
  donation_id: Type.String({ maxLength: 100 }),
  email: Type.Optional(Type.String({ format: 'email', maxLength: 254 })),
  amount: Type.Optional(Type.Union([Type.String({ maxLength: 40 }), Type.Number()])),
  user_id: Type.Optional(Type.Union([Type.String({ maxLength: 100 }), Type.Null()])),
});

/** Only what we read; the rest of Paystack's event passes through untouched. */
export const WebhookBody = Type.Object({
  event: Type.String({ maxLength: 100 }),
  data: Type.Object({ reference: Type.Optional(Type.String({ maxLength: 200 })) }),
});

export const WebhookResponse = Type.Object({ received: Type.Boolean() });
