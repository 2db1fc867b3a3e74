/** Admin screens on the wire (/api/admin/…; admin role only). */
import { Type, type Static } from 'typebox';
import { DateTime, Nullable, PageParams, UserRoleSchema } from './common';
import { CauseStatusSchema } from './causes';
import { DONATION_STATUSES, PAYMENT_RESOLUTIONS, PAYMENT_STATUSES } from './statuses';

const Amount = Type.String({ description: 'GHS decimal string, e.g. "50.00".' });

const MONTH_PATTERN = '^\\d{4}-(0[1-9]|1[0-2])$';

/** ?month=YYYY-MM of the admin metrics and the user dashboard. */
export const MonthQuery = Type.Object({
  month: Type.Optional(Type.String({ pattern: MONTH_PATTERN, description: 'YYYY-MM (UTC); default the current month.' })),
});

export const AdminCauseQuery = Type.Object({
  ...PageParams,
  status: Type.Optional(CauseStatusSchema),
});

/** POST /api/admin/causes/{id}/reject/ (also the withdrawal queue's reject). */
export const RejectBody = Type.Object({
  reason: Type.String({ minLength: 1, maxLength: 1000 }),
});

export const ReviewPeriodSchema = Type.Enum(['week', 'month', 'three_months']);
export type ReviewPeriod = Static<typeof ReviewPeriodSchema>;

export const ReviewTotalsQuery = Type.Object({
  period: Type.Optional(ReviewPeriodSchema),
});

/** GET /api/admin/causes/review-totals/?period= */
export const ReviewTotalsSchema = Type.Object({
  period: ReviewPeriodSchema,
  since: DateTime,
  accepted: Type.Integer(),
  rejected: Type.Integer(),
  pending: Type.Integer(),
});
export type ReviewTotals = Static<typeof ReviewTotalsSchema>;

/** GET /api/admin/metrics/?month=YYYY-MM */
export const AdminMetricsSchema = Type.Object({
  month: Type.String(),
  /** Months that can be chosen (YYYY-MM), newest first, including the current month. */
  months: Type.Array(Type.String()),
  /** One entry per day of the month, zero-filled. amount is a decimal string. */
  days: Type.Array(Type.Object({ date: Type.String(), amount: Type.String(), count: Type.Integer() })),
  totals: Type.Object({
    raised: Type.String(),
    raised_in_month: Type.String(),
    donations: Type.Integer(),
    donors: Type.Integer(),
    users: Type.Integer(),
    causes_active: Type.Integer(),
    causes_pending: Type.Integer(),
  }),
  pending_donations: Type.Array(
    Type.Object({
      id: Type.String(),
      cause_id: Type.String(),
      cause_title: Type.String(),
      amount: Type.String(),
      email: Type.String(),
      created_at: DateTime,
    }),
  ),
});
export type AdminMetrics = Static<typeof AdminMetricsSchema>;

export const AdminUserQuery = Type.Object({
  ...PageParams,
  search: Type.Optional(Type.String({ maxLength: 200 })),
});

export const AdminUserSchema = Type.Object({
  id: Type.String(),
  email: Type.String(),
  name: Type.String(),
  role: UserRoleSchema,
  created_at: DateTime,
  causes_count: Type.Integer(),
  donations_count: Type.Integer(),
});
export type AdminUser = Static<typeof AdminUserSchema>;

export const AdminPaymentFilterSchema = Type.Enum(['flagged', 'resolved'], {
  description: 'flagged (default, oldest first) or resolved (newest first).',
});
export type AdminPaymentFilter = Static<typeof AdminPaymentFilterSchema>;

export const AdminPaymentQuery = Type.Object({
  ...PageParams,
  status: Type.Optional(AdminPaymentFilterSchema),
});

/**
 * A payment the provider reported differently from what we asked (amount or currency), as
 * GET /api/admin/payments/ lists it. received_amount is in received_currency (null when the provider did not say).
 */
export const AdminPaymentSchema = Type.Object({
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
  created_at: DateTime,
  updated_at: DateTime,
  resolution: Nullable(Type.Enum([...PAYMENT_RESOLUTIONS])),
  resolution_note: Nullable(Type.String()),
  resolved_at: Nullable(DateTime),
  resolved_by_name: Nullable(Type.String()),
  donations: Type.Array(
    Type.Object({
      id: Type.String({ format: 'uuid' }),
      cause_id: Type.String({ format: 'uuid' }),
      cause_title: Type.String(),
      amount: Amount,
      /** What was pledged, when an admin credited a different received amount. */
      pledged_amount: Nullable(Amount),
      status: Type.Enum([...DONATION_STATUSES]),
    }),
  ),
});
export type AdminPayment = Static<typeof AdminPaymentSchema>;

/** POST /api/admin/payments/{id}/resolve/ */
export const PaymentResolutionBody = Type.Object({
  /** credit: the amount received (default: what the provider reported, when in GHS); refund: the donor was paid back. */
  action: Type.Enum(['credit', 'refund']),
  amount: Type.Optional(
    Type.Union([Type.String({ maxLength: 40 }), Type.Number()], {
      description: 'GHS received, to credit; default: what the provider reported (when in GHS).',
    }),
  ),
  note: Type.Optional(Type.String({ maxLength: 500 })),
});
export type PaymentResolutionRequest = Static<typeof PaymentResolutionBody>;
