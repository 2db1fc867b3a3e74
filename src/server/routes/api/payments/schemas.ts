/** Server-only payment route bits: the reference parameter and the provider's webhook (not part of our clients' contract). */
import { Type } from 'typebox';

export const ReferenceParams = Type.Object({ reference: Type.String({ maxLength: 100 }) });

/** Only what we read; the rest of Paystack's event passes through untouched. */
export const WebhookBody = Type.Object({
  event: Type.String({ maxLength: 100 }),
  data: Type.Object({
    reference: Type.Optional(Type.String({ maxLength: 200 })),
    /** refund.*: the refunded transaction's reference. */
    transaction_reference: Type.Optional(Type.String({ maxLength: 200 })),
  }),
});

export const WebhookResponse = Type.Object({ received: Type.Boolean() });
