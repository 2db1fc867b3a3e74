/** Payment schemas; PaymentVerification mirrors src/shared/giving-contract.ts. */
import { Type } from 'typebox';
import { PAYMENT_STATUSES } from '../../../db/schema';
import { ReturnFields } from '../../shared-schemas';

export { PaymentStartResponse } from '../cart/schemas';

export const ReferenceParams = Type.Object({ reference: Type.String({ maxLength: 100 }) });

const verificationFields = {
  reference: Type.String(),
  detail: Type.String(),
  total_amount: Type.String(),
  currency: Type.Literal('GHS'),
  donations: Type.Array(Type.Object({
    id: Type.String(), cause_id: Type.String(), cause_title: Type.String(), amount: Type.String(), status: Type.String(),
  })),
};

/** 200: the only answer with `message` (spec §7: a client reads it as verified). */
export const PaymentVerificationResponse = Type.Object({
  ...verificationFields,
  status: Type.Literal('success'),
  message: Type.String(),
}, { description: 'The payment succeeded.' });

/** 202: no outcome yet. */
export const PaymentPendingResponse = Type.Object({
  ...verificationFields,
  status: Type.Enum(PAYMENT_STATUSES.filter((s) => s === 'pending' || s === 'flagged')),
}, { description: 'Still pending with the provider, or paid with a mismatched amount that an admin reviews. Ask again later.' });

/** 402: the error shape plus the payment's fields. */
export const PaymentNotCompletedResponse = Type.Object({
  ...verificationFields,
  code: Type.Enum(['payment_failed', 'payment_abandoned']),
  status: Type.Enum(PAYMENT_STATUSES.filter((s) => s === 'failed' || s === 'abandoned')),
}, { description: 'The payment failed or was cancelled: nothing was charged or credited.' });

/** spec §7: email, amount, user_id, donation_id. The amount must equal our record (never trusted). */
export const InitiateBody = Type.Object({
  donation_id: Type.String({ maxLength: 100 }),
  email: Type.Optional(Type.String({ format: 'email', maxLength: 254 })),
  amount: Type.Optional(Type.Union([Type.String({ maxLength: 40 }), Type.Number()])),
  user_id: Type.Optional(Type.Union([Type.String({ maxLength: 100 }), Type.Null()])),
  ...ReturnFields,
});

/** Only what we read; the rest of Paystack's event passes through untouched. */
export const WebhookBody = Type.Object({
  event: Type.String({ maxLength: 100 }),
  data: Type.Object({ reference: Type.Optional(Type.String({ maxLength: 200 })) }),
});

export const WebhookResponse = Type.Object({ received: Type.Boolean() });
