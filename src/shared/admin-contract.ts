/** Admin screens' wire types (/api/admin/…; admin role only): the contract schemas' (src/shared/contract/admin.ts). */
import type { Static } from 'typebox';
import type {
  AdminMetricsSchema,
  AdminPaymentFilterSchema,
  AdminPaymentSchema,
  AdminUserSchema,
  PaymentResolutionBody,
  ReviewPeriodSchema,
  ReviewTotalsSchema,
} from './contract/admin';
import type { AdminDonationSchema, RefundSchema } from './contract/refunds';

export type ReviewPeriod = Static<typeof ReviewPeriodSchema>;

export const REVIEW_PERIOD_LABELS: Record<ReviewPeriod, string> = {
  week: 'One week',
  month: 'One month',
  three_months: 'Three months',
};

/** GET /api/admin/causes/review-totals/?period= */
export type ReviewTotals = Static<typeof ReviewTotalsSchema>;
/** GET /api/admin/metrics/?month=YYYY-MM */
export type AdminMetrics = Static<typeof AdminMetricsSchema>;
export type AdminUser = Static<typeof AdminUserSchema>;
/** Which payments the admin payments screen lists. */
export type AdminPaymentFilter = Static<typeof AdminPaymentFilterSchema>;
/** A payment the provider reported differently from what we asked, as GET /api/admin/payments/ lists it. */
export type AdminPayment = Static<typeof AdminPaymentSchema>;
/** POST /api/admin/payments/{id}/resolve/ */
export type PaymentResolutionRequest = Static<typeof PaymentResolutionBody>;

/** GET /api/admin/donations/?cause_id= (one item) and POST …/refund/ (src/shared/contract/refunds.ts). */
export type AdminDonation = Static<typeof AdminDonationSchema>;
export type Refund = Static<typeof RefundSchema>;
