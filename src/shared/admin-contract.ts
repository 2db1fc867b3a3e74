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
