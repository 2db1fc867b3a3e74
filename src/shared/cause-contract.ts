/**
 * Causes and the landing content as the API answers them (spec §3, §7, §9).
 * Amounts are decimal strings in GHS ("250.00"); the database keeps pesewas.
 */
export type CauseStatus = 'under_review' | 'active' | 'rejected' | 'closed' | 'completed';

export interface CategoryRef {
  id: string;
  name: string;
}

export interface Cause {
  id: string;
  name: string;
  /** Same as name (the spec reads name or title). */
  title: string;
  description: string;
  /** Paths on the API server (`/media/<hash>`, join them to its address) or null. `image` mirrors `cover_image`. */
  cover_image: string | null;
  image: string | null;
  cover_image_sizes: Record<string, string> | null;
  target_amount: string;
  current_amount: string;
  organizer_id: string;
  organizer_name: string;
  category: CategoryRef | null;
  location: string;
  created_at: string;
  updated_at: string;
  status: CauseStatus;
  is_active: boolean;
  /** Completed causes keep accepting donations only when the organizer allows it. */
  accepts_donations_after_goal: boolean;
  /** Whether the cause takes donations right now (active, or completed and allowed). */
  accepts_donations: boolean;
  /** Distinct completed donors. */
  donor_count: number;
  /** Set when an admin rejected it; shown to the organizer only. */
  rejection_reason: string | null;
  /** Only when the request carried a valid token: whether the caller favorited it. */
  is_favorite?: boolean;
}

export interface Paginated<T> {
  count: number;
  /** Absolute URLs of the neighbouring pages, or null. */
  next: string | null;
  previous: string | null;
  results: T[];
}

/** `ordering` values of GET /api/causes/list/ for the five sorts of spec §9. */
export const CAUSE_ORDERINGS = {
  date_created: 'Date created',
  popularity: 'Popularity',
  created_by: 'Created by',
  category: 'Category',
  goal_amount: 'Goal amount',
} as const;
export type CauseOrdering = keyof typeof CAUSE_ORDERINGS;

export const CAUSE_PAGE_SIZE = 12;
export const CAUSE_MAX_PAGE_SIZE = 50;

export interface SuccessStory {
  id: string;
  title: string;
  description: string;
  image: string | null;
  cause_id: string | null;
  created_at: string;
}

export interface BlogPost {
  id: string;
  slug: string;
  title: string;
  category: string;
  category_name: string;
  excerpt: string;
  description: string;
  content: string;
  image: string | null;
  featured_image: string | null;
  url: string | null;
  author_name: string;
  published_at: string;
}

export interface Testimonial {
  id: string;
  text: string;
  content: string;
  author: string;
  name: string;
  role: string;
  image: string | null;
}

export interface Contributor {
  id: string;
  name: string;
  first_name: string;
  last_name: string;
  /** The donor's country when known (spec §3 'location or city'), else null. */
  location: string | null;
  city: string | null;
  image: string | null;
  profile_picture: string | null;
  /** Decimal string: what they gave in total (completed donations). */
  amount: string;
  last_donated_at: string;
}

export interface Statistic {
  key: 'total_raised' | 'active_donors' | 'causes_completed' | 'platform_charge' | string;
  title: string;
  label: string;
  value: string;
  description: string;
}

/** GET /api/donations/statistics/ */
export interface DonationStatistics {
  total_raised: string;
  total_donations: number;
  active_donors: number;
  causes_completed: number;
  active_causes: number;
  platform_charge_percent: number;
}
