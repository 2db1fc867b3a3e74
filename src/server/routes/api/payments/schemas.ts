/** Server-only payment route bits: the reference parameter and the provider's webhook (not part of our clients' contract). */
import { Type } from 'typebox';

export const ReferenceParams = Type.Object({ reference: Type.String({ maxLength: 100 }) });

/** Only what we read; the rest of Paystack's event passes through untouched. */
const Code = Type.Optional(Type.String({ maxLength: 200 }));
const Open = <T extends Record<string, ReturnType<typeof Type.Optional>>>(fields: T) =>
  Type.Optional(Type.Union([Type.Object(fields), Type.Null()]));

export const WebhookBody = Type.Object({
  event: Type.String({ maxLength: 100 }),
  data: Type.Object({
    reference: Code,
    // Subscription events (payments/subscription-webhooks.ts).
    subscription_code: Code,
    email_token: Code,
    next_payment_date: Type.Optional(Type.Union([Type.String({ maxLength: 100 }), Type.Null()])),
    invoice_code: Code,
    plan: Type.Optional(Type.Union([Type.String({ maxLength: 200 }), Type.Object({ plan_code: Code }), Type.Null()])),
    subscription: Open({ subscription_code: Code, email_token: Code }),
    transaction: Open({ reference: Code }),
    /** refund.*: the refunded transaction's reference. */
    transaction_reference: Code,
  }),
});

export const WebhookResponse = Type.Object({ received: Type.Boolean() });
