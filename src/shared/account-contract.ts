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
  /** Cause id the notification is about, or null. */
  cause: string | null;
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
