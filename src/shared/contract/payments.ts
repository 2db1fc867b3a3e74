/**
 * Paying and checking a payment (spec §7). GET /api/payments/verify/{reference}/ answers one of
 * three shapes by status code; spec §7 reads `message` as "verified", so only success carries one.
 */
import { Type, type Static } from 'typebox';
import { Nullable, ReturnFields } from './common';

const verificationFields = {
  reference: Type.String(),
  /** The outcome in words, on every answer. */
  detail: Type.String(),
  total_amount: Type.String(),
  currency: Type.Literal('GHS'),
  donations: Type.Array(
    Type.Object({
      id: Type.String(),
      cause_id: Type.String(),
      cause_title: Type.String(),
      amount: Type.String(),
      status: Type.String(),
    }),
  ),
};

/** 200: the only answer with `message` (spec §7: a client reads it as verified). */
export const PaymentVerifiedSchema = Type.Object(
  {
    ...verificationFields,
    status: Type.Literal('success'),
    message: Type.String(),
    receipt_url: Type.Optional(
      Type.String({
        description: 'The receipt PDF: a signed path, valid 30 days, that needs no session (the reference is the key here too).',
      }),
    ),
  },
  { description: 'The payment succeeded.' },
);

/** 202: no outcome a donor can act on (pending with the provider, flagged for review, or refunded after review). */
export const PaymentPendingSchema = Type.Object(
  {
    ...verificationFields,
    status: Type.Enum(['pending', 'flagged', 'refunded']),
  },
  {
    description:
      'Still pending with the provider, or paid with a mismatched amount that an admin reviews (or refunded after that review). Ask again later.',
  },
);

/** 402: the error shape plus the payment's fields. */
export const PaymentNotCompletedSchema = Type.Object(
  {
    ...verificationFields,
    code: Type.Enum(['payment_failed', 'payment_abandoned']),
    status: Type.Enum(['failed', 'abandoned']),
  },
  { description: 'The payment failed or was cancelled: nothing was charged or credited.' },
);

/** Any answer of the verify call; narrow on `status`. */
export const PaymentVerificationSchema = Type.Union([PaymentVerifiedSchema, PaymentPendingSchema, PaymentNotCompletedSchema]);
/** GET /api/payments/verify/{reference}/: narrow on `status` (200 success, 202 pending/flagged/refunded, 402 failed/abandoned with the error shape). */
export type PaymentVerification = Static<typeof PaymentVerificationSchema>;
export type PaymentOutcome = PaymentVerification['status'];
/** The 200 answer: the only one with `message`. */
export type PaymentVerified = Extract<PaymentVerification, { status: 'success' }>;

/** spec §7: email, amount, user_id, donation_id. The amount must equal our record (never trusted). */
export const InitiateBody = Type.Object({
  donation_id: Type.String({ maxLength: 100 }),
  email: Type.Optional(Type.String({ format: 'email', maxLength: 254 })),
  amount: Type.Optional(Type.Union([Type.String({ maxLength: 40 }), Type.Number()])),
  user_id: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
  ...ReturnFields,
});
