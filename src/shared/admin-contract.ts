/** Admin screens' wire types (/api/admin/…; admin role only). */
export type ReviewPeriod = 'week' | 'month' | 'three_months';

export const REVIEW_PERIOD_LABELS: Record<ReviewPeriod, string> = {
  week: 'One week',
  month: 'One month',
  three_months: 'Three months',
};

/** GET /api/admin/causes/review-totals/?period= */
export interface ReviewTotals {
  period: ReviewPeriod;
  since: string;
  accepted: number;
  rejected: number;
  pending: number;
}

/** GET /api/admin/metrics/?month=YYYY-MM */
export interface AdminMetrics {
  month: string;
  /** Months that can be chosen (YYYY-MM), newest first, including the current month. */
  months: string[];
  /** One entry per day of the month, zero-filled. amount is a decimal string. */
  days: { date: string; amount: string; count: number }[];
  totals: {
    raised: string;
    raised_in_month: string;
    donations: number;
    donors: number;
    users: number;
    causes_active: number;
    causes_pending: number;
  };
  pending_donations: { id: string; cause_id: string; cause_title: string; amount: string; email: string; created_at: string }[];
}

export interface AdminUser {
  id: string;
  email: string;
  name: string;
  role: 'user' | 'admin';
  created_at: string;
  causes_count: number;
  donations_count: number;
}

/** Which payments the admin payments screen lists. */
export type AdminPaymentFilter = 'flagged' | 'resolved';

/**
 * A payment the provider reported differently from what we asked (amount or currency),
 * as GET /api/admin/payments/ lists it. Amounts are GHS decimal strings; received_amount is in
 * received_currency (null when the provider did not say).
 */
export interface AdminPayment {
  id: string;
  reference: string;
  provider: string;
  status: 'flagged' | 'success' | 'refunded' | 'pending' | 'failed' | 'abandoned';
  amount: string;
  currency: string;
  received_amount: string | null;
  received_currency: string | null;
  flagged_reason: string | null;
  provider_status: string | null;
  email: string;
  donor_name: string;
  created_at: string;
  updated_at: string;
  resolution: 'credited' | 'refunded' | null;
  resolution_note: string | null;
  resolved_at: string | null;
  resolved_by_name: string | null;
  donations: {
    id: string;
    cause_id: string;
    cause_title: string;
    amount: string;
    /** What was pledged, when an admin credited a different received amount. */
    pledged_amount: string | null;
    status: 'pending' | 'completed' | 'failed' | 'abandoned' | 'refunded';
  }[];
}

/** POST /api/admin/payments/{id}/resolve/ */
export interface PaymentResolutionRequest {
  /** credit: the amount received (default: what the provider reported, when in GHS); refund: the donor was paid back. */
  action: 'credit' | 'refund';
  /** GHS, e.g. "50.00"; needed to credit when the provider reported another currency or no amount. */
  amount?: string;
  note?: string;
}
