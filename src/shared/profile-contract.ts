/** The profile as GET /api/user/profile/ answers it (spec §3, with the aliases the spec names). */
export interface Profile {
  id: string;
  user_id: string;
  first_name: string;
  last_name: string;
  first: string;
  last: string;
  given_name: string;
  family_name: string;
  name: string;
  username: string;
  email: string;
  role: 'user' | 'admin';
  occupation: string;
  job_title: string;
  bio: string;
  interests: string;
  phone_number: string;
  phone: string;
  address: string;
  /** Object form; sent on PUT as JSON text. */
  withdrawal_address: Record<string, unknown> | null;
  /** Paths on the API server (`/media/<hash>`, join them to its address) or null. */
  profile_picture: string | null;
  profile_picture_sizes: Record<string, string> | null;
  cover_photo: string | null;
  cover_photo_sizes: Record<string, string> | null;
  is_verified: boolean;
  /** Counts of the user's own causes (all statuses) and of those active now. */
  causes_created: number;
  causes_active: number;
  created_at: string;
}

/** Uploaded images: the server checks content, not the name. */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
