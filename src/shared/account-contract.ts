/**
 * Signed-in user's extras: dashboard summary, public profiles, favorites, notifications, donations
 * (spec §2, §3). The types are the contract schemas' (src/shared/contract), imported as types only.
 */
import type { Static } from 'typebox';
import type { DashboardSummarySchema, NotificationSchema, PublicProfileSchema, UnreadCountSchema } from './contract/account';
import type { DonationCardSchema, DonationRecordSchema } from './contract/donations';

export type PublicProfile = Static<typeof PublicProfileSchema>;
/** GET /api/user/dashboard/?month=YYYY-MM */
export type DashboardSummary = Static<typeof DashboardSummarySchema>;
export type Notification = Static<typeof NotificationSchema>;
/** GET /api/notifications/unread-count/ */
export type UnreadCount = Static<typeof UnreadCountSchema>;

/** A donation as the caller's own history shows it (GET /api/donations/). */
export type DonationRecord = Static<typeof DonationRecordSchema>;

export type DonationStatus = DonationRecord['status'];

/**
 * GET /api/donations/ lists completed donations only (money actually given); `?status=` asks for
 * others: a comma-separated list of these, or `all`.
 */
export const DONATION_STATUS_FILTERS: readonly DonationStatus[] = ['completed', 'pending', 'failed', 'abandoned', 'refunded'];

/** A guest's GET /api/donations/: the landing page's 'Your help is Needed' cards (spec §2, §3 donation card). */
export type DonationCard = Static<typeof DonationCardSchema>;
