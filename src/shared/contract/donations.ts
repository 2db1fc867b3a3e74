/** Donations on the wire (spec §2, §3): a donor's own history, the landing cards, and a pending donation. */
import { Type, type Static } from 'typebox';
import { AmountInput, DateTime, ImageSizes, ImageUrl, Nullable } from './common';
import { DonorFields } from './cart';
import { DONATION_STATUSES } from './statuses';

const DonationStatusSchema = Type.Enum([...DONATION_STATUSES]);

/** A donation as the caller's own history shows it (GET /api/donations/ with a token). */
export const DonationRecordSchema = Type.Object({
  id: Type.String(),
  cause_id: Type.String(),
  cause_title: Type.String(),
  amount: Type.String(),
  status: DonationStatusSchema,
  donated_at: DateTime,
  organizer_id: Type.String(),
  category: Nullable(Type.String()),
  is_anonymous: Type.Boolean(),
  reference: Nullable(Type.String()),
  /** GHS paid back to the donor (refunds, in full or in part); amount is what was paid. */
  refunded_amount: Type.Optional(Type.String()),
});
export type DonationRecord = Static<typeof DonationRecordSchema>;
export type DonationStatus = DonationRecord['status'];

/**
 * A guest's GET /api/donations/ (no Authorization header): the landing page's 'Your help is Needed'
 * cards (spec §2, §3 donation card), one per active cause still short of its goal. Amounts are GHS
 * decimal strings; `image` is an absolute URL like every `image` field, image_sizes holds paths.
 */
export const DonationCardSchema = Type.Object({
  /** The cause's id (also in cause_id): the DONATE button goes to /donation?causeId={id}. */
  id: Type.String(),
  cause_id: Type.String(),
  title: Type.String(),
  category: Nullable(Type.String()),
  location: Type.String(),
  goal: Type.String(),
  collected: Type.String(),
  remaining: Type.String(),
  progress: Type.Integer({ minimum: 0, maximum: 100, description: 'Funded percentage, rounded down.' }),
  image: ImageUrl,
  image_sizes: ImageSizes,
});
export type DonationCard = Static<typeof DonationCardSchema>;

/** POST /api/donations/: a pending donation, paid later with POST /api/payments/initiate/. */
export const DonationCreateBody = Type.Object({
  ...DonorFields,
  cause_id: Type.String({ format: 'uuid' }),
  amount: Type.Optional(AmountInput),
  donation_amount: Type.Optional(AmountInput),
  quantity: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
});
