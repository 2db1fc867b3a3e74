/** Builds the Profile answer (with every alias the spec lists) from a user row. */
import type { Profile } from '../../../../../shared/contract/profile';
import { isLocale } from '../../../../../shared/i18n/locales';
import type { ImageSizes } from '../../../../db/schema';
import type { UserRow } from '../../../../repositories/users';

function usernameFrom(email: string): string {
  return (
    email
      .split('@')[0]
      .toLowerCase()
      .replace(/[^a-z0-9._-]/g, '') || 'user'
  );
}

/**
 * Stored sizes → media paths; the largest width is the main one. Paths are relative to the server
 * (`/media/<hash>`, spec §3): every client joins them to the API address it already uses, so the
 * same answer works through PUBLIC_URL, a LAN address, a proxy or another origin (CORS_ORIGINS).
 * Only the `image` aliases are made absolute (absoluteImageUrl in routes/image-fields.ts).
 */
export function imageUrls(sizes: ImageSizes | null): { main: string | null; sizes: Record<string, string> | null } {
  if (!sizes || Object.keys(sizes).length === 0) return { main: null, sizes: null };
  const urls = Object.fromEntries(Object.entries(sizes).map(([width, hash]) => [width, `/media/${hash}`]));
  const largest = Object.keys(urls).sort((a, b) => Number(b) - Number(a))[0];
  return { main: urls[largest], sizes: urls };
}

/** The profile without the cause counts and the texts' state, which the route adds from their own queries. */
export function toProfile(user: UserRow): Omit<Profile, 'causes_created' | 'causes_active' | 'sms'> {
  const picture = imageUrls(user.profilePicture);
  const cover = imageUrls(user.coverPhoto);
  return {
    id: user.id,
    user_id: user.id,
    first_name: user.firstName,
    last_name: user.lastName,
    first: user.firstName,
    last: user.lastName,
    given_name: user.firstName,
    family_name: user.lastName,
    name: `${user.firstName} ${user.lastName}`.trim(),
    username: user.username ?? usernameFrom(user.email),
    email: user.email,
    role: user.role,
    occupation: user.occupation,
    job_title: user.occupation,
    bio: user.bio,
    interests: user.bio,
    phone_number: user.phoneNumber,
    phone: user.phoneNumber,
    address: user.address,
    withdrawal_address: user.withdrawalAddress ?? null,
    profile_picture: picture.main,
    profile_picture_sizes: picture.sizes,
    cover_photo: cover.main,
    cover_photo_sizes: cover.sizes,
    is_verified: user.isVerified,
    created_at: user.createdAt.toISOString(),
    locale: isLocale(user.locale) ? user.locale : null,
  };
}
