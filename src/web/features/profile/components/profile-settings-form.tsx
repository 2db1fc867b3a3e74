import { useEffect, useId, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { MAX_UPLOAD_BYTES } from '../../../../shared/limits';
import { TextField } from '../../../components/form/text-field';
import { ApiError } from '../../../lib/api-client';
import { mediaUrl } from '../../../lib/api-url';
import { t as translate, useT } from '../../../lib/i18n';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { toast } from '../../../stores/toast-store';
import { buildProfileForm, getOwnProfile, updateProfile, type OwnProfile, type ProfileFormValues } from '../api/profile-api';
import { DeleteAccountSection } from './delete-account-section';
import { SmsConsentField } from './sms-consent-field';
import { ProfileAvatar } from './default-avatar';
import '../profile.css';
import { LinesSkeleton } from '../../../components/lines-skeleton';

type TextKey = Exclude<keyof ProfileFormValues, 'profile_picture' | 'cover_photo' | 'sms_opt_in'>;
type FileKey = 'profile_picture' | 'cover_photo';

const EMPTY: ProfileFormValues = {
  first_name: '',
  last_name: '',
  occupation: '',
  bio: '',
  phone_number: '',
  address: '',
  profile_picture: null,
  cover_photo: null,
  sms_opt_in: false,
};

function fromProfile(p: OwnProfile): ProfileFormValues {
  return {
    first_name: p.first_name ?? '',
    last_name: p.last_name ?? '',
    occupation: p.occupation || p.job_title || '',
    bio: p.bio || p.interests || '',
    phone_number: p.phone_number || p.phone || '',
    address: p.address ?? '',
    profile_picture: null,
    cover_photo: null,
    sms_opt_in: p.sms?.status === 'agreed',
  };
}

/** A chosen file's object URL for its preview, released when the file changes or the form goes away. */
function usePreview(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file || typeof URL.createObjectURL !== 'function') {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}

/** Checks what the browser can before the upload; the server still checks the content. */
function fileProblem(file: File): string | null {
  if (file.type && !file.type.startsWith('image/')) return translate('account.profile.chooseImage');
  if (file.size > MAX_UPLOAD_BYTES) return translate('account.profile.tooLarge');
  return null;
}

interface FileFieldProps {
  id: string;
  label: string;
  file: File | null;
  error?: string;
  showNoFile: boolean;
  onFile: (file: File | null) => void;
  children: ReactNode;
}

function FileField({ id, label, file, error, showNoFile, onFile, children }: FileFieldProps) {
  const t = useT();
  const statusId = `${id}-status`;
  const errorId = `${id}-error`;
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {children}
      <input
        id={id}
        type="file"
        accept="image/*"
        className="file-input"
        aria-invalid={error ? true : undefined}
        aria-describedby={[statusId, error ? errorId : ''].filter(Boolean).join(' ')}
        onChange={(e: ChangeEvent<HTMLInputElement>) => onFile(e.target.files?.[0] ?? null)}
      />
      <p id={statusId} className="field__hint">
        {file
          ? t('account.profile.selected', { name: file.name })
          : showNoFile
            ? t('account.profile.noFile')
            : t('account.profile.imagesUpTo')}
      </p>
      {error ? (
        <p id={errorId} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function failureToast(error: unknown): void {
  const detail = error instanceof ApiError ? error.errorBody?.detail : undefined;
  toast.error(detail ? translate('account.profile.updateFailedDetail', { detail }) : translate('account.profile.updateFailed'));
}

/**
 * Spec §2 /profilesettings (variant "main", with the side items) and /organizerprofilesettings
 * (variant "organizer", the same form without them). Prefilled from GET /api/user/profile/.
 */
interface ProfileSettingsFormProps {
  variant: 'main' | 'organizer';
  onSaved?: (p: OwnProfile) => void;
  /** The withdrawal details part of the form (another feature's; the route puts it in). */
  withdrawalDetails?: (current: OwnProfile['withdrawal_address'], ready: boolean) => ReactNode;
  /** More settings for the side column of variant "main", above Delete account (the route's). */
  side?: ReactNode;
}

export function ProfileSettingsForm({ variant, onSaved, withdrawalDetails, side }: ProfileSettingsFormProps) {
  const t = useT();
  const title = variant === 'main' ? t('account.profile.title') : t('account.profile.organizerTitle');
  useDocumentTitle(title);
  const id = useId();
  const [profile, setProfile] = useState<OwnProfile | null>(null);
  const [values, setValues] = useState<ProfileFormValues>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const picturePreview = usePreview(values.profile_picture);
  const coverPreview = usePreview(values.cover_photo);

  useEffect(() => {
    const controller = new AbortController();
    getOwnProfile(controller.signal)
      .then((p) => {
        setProfile(p);
        setValues(fromProfile(p));
      })
      .catch(() => {
        if (controller.signal.aborted) return;
        setLoadFailed(true);
        toast.error(translate('account.profile.loadFailed'));
      });
    return () => controller.abort();
  }, []);

  const setText = (key: TextKey) => (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    setValues((v) => ({ ...v, [key]: e.target.value }));

  function setFile(key: FileKey, file: File | null) {
    const problem = file ? fileProblem(file) : null;
    setErrors((current) => {
      const next = { ...current };
      if (problem) next[key] = problem;
      else delete next[key];
      return next;
    });
    setValues((v) => ({ ...v, [key]: problem ? null : file }));
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    setSaving(true);
    setProgress(0);
    setErrors({});
    try {
      // Unticked and never agreed: say nothing, so saving the profile records no refusal nobody asked for.
      const agreed = profile?.sms?.status === 'agreed';
      const sms = values.sms_opt_in || agreed ? values.sms_opt_in : null;
      const updated = await updateProfile(buildProfileForm({ ...values, sms_opt_in: sms }), setProgress);
      setProfile(updated);
      setValues(fromProfile(updated));
      (event.target as HTMLFormElement).querySelectorAll<HTMLInputElement>('input[type=file]').forEach((input) => (input.value = ''));
      toast.success(translate('account.profile.updated'));
      onSaved?.(updated);
    } catch (error) {
      const fields: Record<string, string> = {};
      const body = error instanceof ApiError ? error.errorBody : null;
      for (const [field, messages] of Object.entries(body?.errors ?? {})) {
        if (Array.isArray(messages) && messages[0])
          fields[field === 'phone' ? 'phone_number' : field === 'interests' ? 'bio' : field] = messages[0];
      }
      setErrors(fields);
      failureToast(error);
    } finally {
      setSaving(false);
      setProgress(null);
    }
  }

  const fid = (name: string) => `${id}-${name}`;
  const loading = !profile && !loadFailed;
  const pictureSrc = picturePreview ?? profile?.profile_picture ?? null;
  const coverSrc = coverPreview ?? mediaUrl(profile?.cover_photo);

  const form = (
    <form className="settings-form" onSubmit={onSubmit} aria-busy={saving} noValidate>
      {loading ? <LinesSkeleton label={t('account.profile.loading')} /> : null}
      <div className="settings-form__row">
        <TextField
          id={fid('first')}
          label={t('account.field.firstName')}
          name="first_name"
          autoComplete="given-name"
          value={values.first_name}
          onChange={setText('first_name')}
          error={errors.first_name}
        />
        <TextField
          id={fid('last')}
          label={t('account.field.lastName')}
          name="last_name"
          autoComplete="family-name"
          value={values.last_name}
          onChange={setText('last_name')}
          error={errors.last_name}
        />
      </div>
      <TextField
        id={fid('occupation')}
        label={t('account.profile.occupation')}
        name="occupation"
        autoComplete="organization-title"
        value={values.occupation}
        onChange={setText('occupation')}
        error={errors.occupation}
      />
      <div className={`field${errors.bio ? ' field--invalid' : ''}`}>
        <label htmlFor={fid('bio')}>{t('account.profile.bio')}</label>
        <textarea
          id={fid('bio')}
          name="bio"
          rows={4}
          className="text-area"
          value={values.bio}
          onChange={setText('bio')}
          maxLength={2000}
          aria-invalid={errors.bio ? true : undefined}
          aria-describedby={errors.bio ? `${fid('bio')}-error` : undefined}
        />
        {errors.bio ? (
          <p id={`${fid('bio')}-error`} className="field__error">
            {errors.bio}
          </p>
        ) : null}
      </div>
      <TextField
        id={fid('phone')}
        label={t('account.profile.phone')}
        name="phone_number"
        type="tel"
        autoComplete="tel"
        value={values.phone_number}
        onChange={setText('phone_number')}
        error={errors.phone_number}
      />
      <SmsConsentField
        id={fid('sms')}
        checked={Boolean(values.sms_opt_in)}
        onChange={(checked) => setValues((v) => ({ ...v, sms_opt_in: checked }))}
        sms={profile?.sms}
      />
      <TextField
        id={fid('address')}
        label={t('account.profile.address')}
        name="address"
        autoComplete="street-address"
        value={values.address}
        onChange={setText('address')}
        error={errors.address}
      />

      <FileField
        id={fid('picture')}
        label={t('account.profile.picture')}
        file={values.profile_picture}
        error={errors.profile_picture}
        showNoFile={variant === 'main'}
        onFile={(f) => setFile('profile_picture', f)}
      >
        <ProfileAvatar src={pictureSrc} size={88} />
      </FileField>
      <FileField
        id={fid('cover')}
        label={t('account.profile.cover')}
        file={values.cover_photo}
        error={errors.cover_photo}
        showNoFile={variant === 'main'}
        onFile={(f) => setFile('cover_photo', f)}
      >
        {coverSrc ? <img className="settings-cover" src={coverSrc} alt="" /> : <div className="settings-cover settings-cover--empty" />}
      </FileField>

      {/* Withdrawal details: saved on their own (PUT withdrawal_address as JSON text), not by 'Save changes'. */}
      {withdrawalDetails?.(profile?.withdrawal_address ?? null, !loading)}

      {progress !== null && (values.profile_picture || values.cover_photo) ? (
        <div className="upload-progress">
          <label htmlFor={fid('progress')}>{t('account.profile.uploading', { percent: Math.round(progress * 100) })}</label>
          <progress id={fid('progress')} max={1} value={progress} />
        </div>
      ) : null}
      <button type="submit" className="button button--primary" disabled={saving || loading}>
        {saving ? t('account.profile.saving') : t('account.profile.save')}
      </button>
    </form>
  );

  return (
    <div className="settings-page">
      <h1>{title}</h1>
      <div className={variant === 'main' ? 'settings-layout' : undefined}>
        {form}
        {variant === 'main' ? (
          <aside className="settings-side" aria-label={t('account.profile.moreSettings')}>
            {side}
            <DeleteAccountSection />
          </aside>
        ) : null}
      </div>
    </div>
  );
}
