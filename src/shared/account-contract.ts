/** Signed-in user's extras: dashboard summary, public profiles, favorites, notifications (spec §2, §3). */
export interface PublicProfile {
  id: string;
  name: string;
  first_name: string;
  last_name: string;
  occupation: string;
  bio: string;
  interests: string;
  profile_picture: string | null;
  cover_photo: string | null;
  is_verified: boolean;
  role: 'user' | 'admin';
  causes_created: number;
  causes_active: number;
  /** Up to 6 of the user's public causes (own profile: all statuses). */
  causes: { id: string; name: string; status: string }[];
  created_at: string;
}

/** GET /api/user/dashboard/?month=YYYY-MM */
export interface DashboardSummary {
  /** Months with activity (YYYY-MM), newest first, always including the current month. */
  months: string[];
  month: string;
  /** Decimal strings. */
  donated_in_month: string;
  donations_in_month: number;
  raised_in_month: string;
  unread_notifications: number;
  causes: { total: number; active: number; under_review: number; rejected: number };
}

export interface Notification {
  id: string;
  message: string;
  title: string;
  /** Spec §3 `cause`: the title of the cause it is about (something a person can read), or null. */
  cause: string | null;
  /** That cause's id (links go to /causes/{cause_id}), or null. */
  cause_id: string | null;
  /** Same as `cause`; kept for clients written before `cause` carried the title. */
  cause_title: string | null;
  is_read: boolean;
  created_at: string;
}

/** A donation as the caller's own history shows it (GET /api/donations/). */
export interface DonationRecord {
  id: string;
  cause_id: string;
  cause_title: string;
  amount: string;
  status: 'pending' | 'completed' | 'failed' | 'abandoned' | 'refunded';
  donated_at: string;
  organizer_id: string;
  category: string | null;
  is_anonymous: boolean;
  reference: string | null;
}

export type DonationStatus = DonationRecord['status'];

/**
 * GET /api/donations/ lists completed donations only (money actually given); `?status=` asks for
 * others: a comma-separated list of these, or `all`.
 */
export const DONATION_STATUS_FILTERS: readonly DonationStatus[] = ['completed', 'pending', 'failed', 'abandoned', 'refunded'];

/**
 * A guest's GET /api/donations/ (no Authorization header): the landing page's 'Your help is Needed'
 * cards (spec §2, §3 donation card), one per active cause still short of its goal. Amounts are GHS
 * decimal strings; `progress` is the funded percentage (0–100, rounded down); `image` is a path on
 * the API server like every image field.
 */
export interface DonationCard {
  /** The cause's id (also in cause_id): the DONATE button goes to /donation?causeId={id}. */
  id: string;
  cause_id: string;
  title: string;
  category: string | null;
  location: string;
  goal: string;
  collected: string;
  remaining: string;
  progress: number;
  image: string | null;
  image_sizes: Record<string, string> | null;
}
