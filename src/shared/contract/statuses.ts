/**
 * The closed value lists of the contract. Plain arrays (no schema code), so the database schema
 * (src/server/db/schema.ts), the contract schemas and the web app all read the same list.
 */
export const CAUSE_STATUSES = ['under_review', 'active', 'rejected', 'closed', 'completed'] as const;
export const DONATION_STATUSES = ['pending', 'completed', 'failed', 'abandoned', 'refunded'] as const;
/**
 * GET /api/donations/ lists completed donations only (money actually given); `?status=` asks for
 * others: a comma-separated list of these, or `all`.
 */
export const DONATION_STATUS_FILTERS: readonly (typeof DONATION_STATUSES)[number][] = [
  'completed',
  'pending',
  'failed',
  'abandoned',
  'refunded',
];
export const PAYMENT_STATUSES = ['pending', 'success', 'failed', 'abandoned', 'flagged', 'refunded'] as const;
export const PAYMENT_RESOLUTIONS = ['credited', 'refunded'] as const;
export const PAYMENT_METHODS = ['card', 'mobile_money'] as const;
export const WITHDRAWAL_STATUSES = ['awaiting_treasurers', 'requested', 'approved', 'processing', 'paid', 'failed', 'rejected'] as const;
/** A refund asked of the provider: pending until it says processed or failed. */
export const REFUND_STATUSES = ['pending', 'processed', 'failed'] as const;
/** A monthly gift: pending until its first checkout is paid, then active until cancelled. */
export const SUBSCRIPTION_STATUSES = ['pending', 'active', 'cancelled'] as const;
export const TREASURER_STATUSES = ['invited', 'accepted'] as const;
export const TREASURER_DECISIONS = ['approved', 'rejected'] as const;
