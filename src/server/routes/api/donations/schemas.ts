/** DonationRecord and DonationStatistics schemas (src/shared/account-contract.ts, cause-contract.ts). */
import { Type } from 'typebox';
import { DonorFields } from '../cart/schemas';

export const DonationRecordResponse = Type.Object({
  id: Type.String(),
  cause_id: Type.String(),
  cause_title: Type.String(),
  amount: Type.String(),
  status: Type.Enum(['pending', 'completed', 'failed', 'abandoned', 'refunded']),
  donated_at: Type.String({ format: 'date-time' }),
  organizer_id: Type.String(),
  category: Type.Union([Type.String(), Type.Null()]),
  is_anonymous: Type.Boolean(),
  reference: Type.Union([Type.String(), Type.Null()]),
});

/** Spec §3 donation card (src/shared/account-contract.ts DonationCard): a guest's GET /api/donations/. */
export const DonationCardResponse = Type.Object({
  id: Type.String(),
  cause_id: Type.String(),
  title: Type.String(),
  category: Type.Union([Type.String(), Type.Null()]),
  location: Type.String(),
  goal: Type.String(),
  collected: Type.String(),
  remaining: Type.String(),
  progress: Type.Integer({ minimum: 0, maximum: 100, description: 'Funded percentage, rounded down.' }),
  image: Type.Union([Type.String(), Type.Null()]),
  image_sizes: Type.Union([Type.Record(Type.String(), Type.String()), Type.Null()]),
});

export const DonationStatisticsResponse = Type.Object({
  total_raised: Type.String(),
  total_donations: Type.Integer(),
  active_donors: Type.Integer(),
  causes_completed: Type.Integer(),
  active_causes: Type.Integer(),
  platform_charge_percent: Type.Number(),
});

/** POST /api/donations/: a pending donation, paid later with POST /api/payments/initiate/. */
export const DonationCreateBody = Type.Object({
  ...DonorFields,
  cause_id: Type.String({ format: 'uuid' }),
  amount: Type.Optional(Type.Union([Type.String({ maxLength: 40 }), Type.Number()])),
  donation_amount: Type.Optional(Type.Union([Type.String({ maxLength: 40 }), Type.Number()])),
  quantity: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
});
