/**
 * Monthly gifts on the wire: the donor's list (GET /api/subscriptions/) and the sandbox's
 * "charge the next month now" (POST /sandbox/subscriptions/{code}/charge/). Amounts are GHS strings.
 */
import { Type, type Static } from 'typebox';
import { DateTime, Nullable } from './common';
import { PAYMENT_METHODS, SUBSCRIPTION_STATUSES } from './statuses';

/** `interval` on donate and checkout: absent or "once" is a one-off gift. */
export const GiftInterval = Type.Optional(
  Type.Enum(['once', 'monthly'], {
    description: 'monthly: signed-in donors only; the same gift is charged again every month until cancelled.',
  }),
);

export const SubscriptionSchema = Type.Object({
  code: Type.String(),
  /** pending until the first checkout is paid; cancelled stops every later month. */
  status: Type.Enum([...SUBSCRIPTION_STATUSES]),
  interval: Type.Literal('monthly'),
  total_amount: Type.String(),
  causes: Type.Array(Type.Object({ cause_id: Type.String(), cause_title: Type.String(), amount: Type.String() })),
  payment_method: Nullable(Type.Enum([...PAYMENT_METHODS])),
  next_charge_at: Nullable(DateTime),
  /** Months paid so far, the first checkout included. */
  charges: Type.Integer(),
  created_at: DateTime,
  cancelled_at: Nullable(DateTime),
});
/** A monthly gift as GET /api/subscriptions/ lists it. */
export type SubscriptionSummary = Static<typeof SubscriptionSchema>;

export const SubscriptionListSchema = Type.Array(SubscriptionSchema);

export const SubscriptionCodeParams = Type.Object({ code: Type.String({ maxLength: 100 }) });

/** Sandbox only: the month's outcome, and which month (default: the next one). */
export const SandboxChargeBody = Type.Union([
  Type.Object({
    outcome: Type.Optional(Type.Enum(['success', 'failed'])),
    period: Type.Optional(Type.Integer({ minimum: 2, maximum: 1200, description: 'Month number; 1 is the first checkout.' })),
  }),
  Type.Null(),
]);

export const SandboxChargeSchema = Type.Object({
  subscription_code: Type.String(),
  period: Type.Integer(),
  reference: Type.String(),
  /** The month's payment status. */
  status: Type.String(),
  /** False when this month had been charged already: nothing new was charged or credited. */
  charged_now: Type.Boolean(),
  charges: Type.Integer(),
});
export type SandboxCharge = Static<typeof SandboxChargeSchema>;
