/**
 * Refunds on the wire: the admins' list of a cause's donations (GET /api/admin/donations/?cause_id=),
 * a refund request (admin: POST /api/admin/donations/{id}/refund/; the cause's organizer:
 * POST /api/causes/{id}/donations/{donation_id}/refund/) and its answer. Amounts are GHS decimal strings.
 */
import { Type, type Static } from 'typebox';
import { AmountInput, DateTime, Nullable, PageParams } from './common';
import { DONATION_STATUSES, PAYMENT_METHODS, REFUND_STATUSES } from './statuses';

export const AdminDonationQuery = Type.Object({
  ...PageParams,
  cause_id: Type.String({ format: 'uuid' }),
});

/** GET /api/causes/{id}/donations/: the cause's organizer (and admins) list its donations to refund one. */
export const CauseDonationQuery = Type.Object({ ...PageParams });

/** One donation of a cause as the admins see it, with what was refunded and what still can be. */
export const AdminDonationSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  cause_id: Type.String({ format: 'uuid' }),
  amount: Type.String({ description: 'GHS paid.' }),
  refunded: Type.String({ description: 'GHS paid back (pending refunds included).' }),
  refundable: Type.String({ description: 'GHS that can still be refunded (0.00 unless completed).' }),
  status: Type.Enum([...DONATION_STATUSES]),
  method: Nullable(Type.Enum([...PAYMENT_METHODS])),
  donor_name: Nullable(Type.String(), 'null for anonymous donations'),
  is_anonymous: Type.Boolean(),
  reference: Nullable(Type.String()),
  donated_at: DateTime,
});
export type AdminDonation = Static<typeof AdminDonationSchema>;

export const RefundBody = Type.Object({
  amount: Type.Optional(AmountInput),
});

export const RefundSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  donation_id: Type.String({ format: 'uuid' }),
  cause_id: Type.String({ format: 'uuid' }),
  amount: Type.String(),
  status: Type.Enum([...REFUND_STATUSES], {
    description: 'processed: paid back; pending: the provider has not confirmed yet (it already counts); failed: nothing was refunded.',
  }),
  reference: Type.String(),
  created_at: DateTime,
  processed_at: Nullable(DateTime),
  donation: AdminDonationSchema,
});
export type Refund = Static<typeof RefundSchema>;
