import type { PublicProfile } from '../../../../shared/contract/account';
import type { Profile } from '../../../../shared/contract/profile';
import { api, upload } from '../../../lib/api-client';

/** GET /api/user/profile/ answers Profile plus the cause counts. */
export type OwnProfile = Profile & { causes_created?: number; causes_active?: number };

export function getOwnProfile(signal?: AbortSignal): Promise<OwnProfile> {
  return api.get<OwnProfile>('/api/user/profile/', { signal });
}

/** GET /api/user/profiles/{id}/: what anyone may see (no email, phone or address). */
export function getPublicProfile(id: string, signal?: AbortSignal): Promise<PublicProfile> {
  return api.get<PublicProfile>(`/api/user/profiles/${encodeURIComponent(id)}/`, { signal });
}

/** The text fields the settings form sends; files are added only when chosen (absent means unchanged). */
export interface ProfileFormValues {
  first_name: string;
  last_name: string;
  occupation: string;
  bio: string;
  phone_number: string;
  address: string;
  profile_picture: File | null;
  cover_photo: File | null;
  /** Texts to phone_number: sent when ticked, or when unticked after having agreed (null: say nothing). */
  sms_opt_in: boolean | null;
}

/** Spec §7 PUT /api/user/profile/ form: bio, phone_number, address, pictures (and the name/occupation the API accepts). */
export function buildProfileForm(values: ProfileFormValues): FormData {
  const form = new FormData();
  form.append('first_name', values.first_name.trim());
  form.append('last_name', values.last_name.trim());
  form.append('occupation', values.occupation.trim());
  form.append('bio', values.bio);
  form.append('phone_number', values.phone_number.trim());
  form.append('address', values.address);
  // withdrawal_address (JSON text) is sent by the withdrawal-details screen of a later issue, not here.
  if (values.profile_picture) form.append('profile_picture', values.profile_picture);
  if (values.cover_photo) form.append('cover_photo', values.cover_photo);
  if (values.sms_opt_in !== null) form.append('sms_opt_in', String(values.sms_opt_in));
  return form;
}

/** PUT multipart with upload progress (0..1); answers the updated Profile. */
export function updateProfile(form: FormData, onProgress?: (fraction: number) => void): Promise<OwnProfile> {
  return upload<OwnProfile>('/api/user/profile/', form, onProgress, { method: 'PUT' });
}

/** POST /api/user/delete-account/: 204, or 409 with what must happen first (errors.non_field_errors). */
export function deleteAccount(password: string): Promise<unknown> {
  return api.post('/api/user/delete-account/', { password });
}
