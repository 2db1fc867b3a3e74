/** Admin payment review schemas; they mirror AdminPayment and PaymentResolutionRequest in src/shared/admin-contract.ts. */
import { Type } from 'typebox';
import { DONATION_STATUSES, PAYMENT_RESOLUTIONS, PAYMENT_STATUSES } from '../../../../db/schema';
import { PageParams } from '../../../pagination';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);
const Amount = Type.String({ description: 'GHS decimal string, e.g. "50.00".' });
const When = Type.String({ format: 'date-time' });

export const PaymentIdParams = Type.Object({ id: Type.String({ maxLength: 100 }) });

export const AdminPaymentQuery = Type.Object({
  ...PageParams,
  status: Type.Optional(Type.Enum(['flagged', 'resolved'], { description: 'flagged (default, oldest first) or resolved (newest first).' })),
});

export const AdminPaymentResponse = Type.Object({
  id: Type.String({ format: 'uuid' }),
  reference: Type.String(),
  provider: Type.String(),
  status: Type.Enum([...PAYMENT_STATUSES]),
  amount: Amount,
  currency: Type.String(),
  received_amount: Nullable(Type.String({ description: 'What the provider reported, in received_currency.' })),
  received_currency: Nullable(Type.String()),
  flagged_reason: Nullable(Type.String()),
  provider_status: Nullable(Type.String()),
  email: Type.String(),
  donor_name: Type.String(),
  created_at: When,
  updated_at: When,
  resolution: Nullable(Type.Enum([...PAYMENT_RESOLUTIONS])),
  resolution_note: Nullable(Type.String()),
  resolved_at: Nullable(When),
  resolved_by_name: Nullable(Type.String()),
  donations: Type.Array(Type.Object({
    id: Type.String({ format: 'uuid' }),
    cause_id: Type.String({ format: 'uuid' }),
    cause_title: Type.String(),
    amount: Amount,
    pledged_amount: Nullable(Amount),
    status: Type.Enum([...DONATION_STATUSES]),
  })),
});

export const ResolveBody = Type.Object({
  action: Type.Enum(['credit', 'refund']),
  amount: Type.Optional(Type.Union([Type.String({ maxLength: 40 }), Type.Number()], {
    description: 'GHS received, to credit; default: what the provider reported (when in GHS).',
  })),
  note: Type.Optional(Type.String({ maxLength: 500 })),
});
