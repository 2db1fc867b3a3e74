import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useSnapshot } from 'valtio';
import type { Cause, CategoryRef } from '../../../../shared/contract/causes';
import { addDays, addOneYear, utcDay } from '../../../../shared/cause-deadline';
import { ApiError } from '../../../lib/api-client';
import { session } from '../../../stores/session-store';
import { toast } from '../../../stores/toast-store';
import { useT } from '../../../lib/i18n';
import { createCause, listCategories } from '../api/causes-api';
import '../causes.css';

export const MAX_COVER_BYTES = 5 * 1024 * 1024;
export const OTHER_CATEGORY = '__other__';
/** Where an organizer id chosen earlier may be kept (spec §3: "an organizer id may also be stored locally"). */
export const ORGANIZER_ID_KEY = 'organizer_id';

export interface CreateCauseFormProps {
  /** Sends the multipart form; defaults to createCause (XMLHttpRequest with upload progress). */
  submit?: (form: FormData, onProgress: (fraction: number) => void) => Promise<Cause>;
  /** Called 1 s after a system error and 1.2 s after success; defaults to history back. */
  goBack?: () => void;
  /** For tests: fixed categories instead of GET /api/categories/. */
  loadCategories?: () => Promise<CategoryRef[]>;
}

function storedOrganizerId(): string {
  try {
    return localStorage.getItem(ORGANIZER_ID_KEY) ?? '';
  } catch {
    return '';
  }
}

const EMPTY = { name: '', description: '', target: '', category: '', otherCategory: '', location: '', afterGoal: false, endDate: '' };

/** Spec §2/§5/§8 "Create a Cause": validation, upload progress, and the spec's messages and timings. */
export function CreateCauseForm({
  submit = createCause,
  goBack = () => window.history.back(),
  loadCategories = listCategories,
}: CreateCauseFormProps) {
  const { user_id, role } = useSnapshot(session);
  const t = useT();
  const [values, setValues] = useState(EMPTY);
  const [organizerId, setOrganizerId] = useState(() => user_id ?? storedOrganizerId());
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [categories, setCategories] = useState<CategoryRef[]>([]);
  const [submitting, setSubmitting] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [done, setDone] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const isAdmin = role === 'admin';

  useEffect(() => {
    loadCategories().then(setCategories, () => setCategories([]));
  }, [loadCategories]);

  useEffect(() => {
    if (!organizerId && user_id) setOrganizerId(user_id);
  }, [user_id, organizerId]);

  // Object URLs hold the file in memory until revoked.
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  const set = <K extends keyof typeof EMPTY>(key: K, value: (typeof EMPTY)[K]) => setValues((v) => ({ ...v, [key]: value }));

  function onFile(chosen: File | null) {
    setFileError(null);
    setPreview(null);
    setFile(null);
    if (!chosen) return;
    if (chosen.type && !chosen.type.startsWith('image/')) {
      setFileError(t('causes.create.notImage'));
    } else if (chosen.size > MAX_COVER_BYTES) {
      setFileError(t('causes.create.tooBig'));
    } else {
      setFile(chosen);
      setPreview(typeof URL.createObjectURL === 'function' ? URL.createObjectURL(chosen) : null);
      return;
    }
    if (fileInput.current) fileInput.current.value = '';
  }

  function reset() {
    setValues(EMPTY);
    setFile(null);
    setPreview(null);
    setFieldErrors({});
    if (fileInput.current) fileInput.current.value = '';
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFieldErrors({});
    if (!values.name.trim() || !values.description.trim() || !organizerId.trim()) {
      toast.warning(t('causes.create.missing'));
      return;
    }
    if (typeof navigator !== 'undefined' && navigator.onLine === false) {
      toast.error(t('causes.create.offline'));
      return;
    }

    const form = new FormData();
    form.append('name', values.name.trim());
    form.append('description', values.description.trim());
    if (values.target.trim()) form.append('target_amount', values.target.trim());
    form.append('organizer_id', organizerId.trim());
    if (values.category === OTHER_CATEGORY) {
      if (values.otherCategory.trim()) form.append('category_data', JSON.stringify({ name: values.otherCategory.trim() }));
    } else if (values.category) {
      // The server reads the category by name (category_data first, then category).
      const chosen = categories.find((c) => c.id === values.category);
      if (chosen) {
        form.append('category', chosen.name);
        form.append('category_data', JSON.stringify({ name: chosen.name }));
      }
    }
    if (values.location.trim()) form.append('location', values.location.trim());
    if (values.endDate) form.append('end_date', values.endDate);
    form.append('accepts_donations_after_goal', values.afterGoal ? 'true' : 'false');
    if (file) form.append('cover_image', file);

    setSubmitting(true);
    setProgress(0);
    try {
      await submit(form, setProgress);
      toast.success(t('causes.create.created'));
      reset();
      setDone(true);
      setTimeout(goBack, 1200);
    } catch (error) {
      if (error instanceof TypeError) {
        toast.error(t('causes.create.unreachable'));
        return;
      }
      const text = error instanceof Error ? error.message : String(error);
      const status = error instanceof ApiError ? error.status : 0;
      if (status === 400 || /\b400\b/.test(text) || /required/i.test(text)) {
        const fields: Record<string, string> = {};
        const body = error instanceof ApiError ? error.errorBody : null;
        for (const [field, messages] of Object.entries(body?.errors ?? {})) {
          if (Array.isArray(messages) && messages[0]) fields[field] = messages[0];
        }
        setFieldErrors(fields);
        toast.error(t('causes.create.required'));
      } else {
        toast.error(t('causes.create.system'));
        setTimeout(goBack, 1000);
      }
    } finally {
      setSubmitting(false);
      setProgress(null);
    }
  }

  const err = (field: string) =>
    fieldErrors[field] ? (
      <p id={`cause-${field}-error`} className="field__error">
        {fieldErrors[field]}
      </p>
    ) : null;
  const described = (field: string, hint?: string) =>
    [fieldErrors[field] ? `cause-${field}-error` : null, hint].filter(Boolean).join(' ') || undefined;

  return (
    <form className="create-form" onSubmit={onSubmit} noValidate aria-describedby="create-review-note">
      <p id="create-review-note" className="notice notice--info">
        {t('causes.create.reviewNote')}
      </p>
      {done && (
        <p role="status" className="notice notice--info">
          {t('causes.create.createdWaiting')}
        </p>
      )}

      <div className={`field${fieldErrors.name ? ' field--invalid' : ''}`}>
        <label htmlFor="cause-name">{t('causes.create.name')}</label>
        <input
          id="cause-name"
          name="name"
          required
          aria-required="true"
          maxLength={200}
          value={values.name}
          onChange={(e) => set('name', e.target.value)}
          aria-invalid={fieldErrors.name ? true : undefined}
          aria-describedby={described('name')}
        />
        {err('name')}
      </div>

      <div className={`field${fieldErrors.description ? ' field--invalid' : ''}`}>
        <label htmlFor="cause-description">{t('causes.create.description')}</label>
        <textarea
          id="cause-description"
          name="description"
          required
          aria-required="true"
          value={values.description}
          onChange={(e) => set('description', e.target.value)}
          aria-invalid={fieldErrors.description ? true : undefined}
          aria-describedby={described('description')}
        />
        {err('description')}
      </div>

      <div className={`field${fieldErrors.target_amount ? ' field--invalid' : ''}`}>
        <label htmlFor="cause-target">{t('causes.create.target')}</label>
        <input
          id="cause-target"
          name="target_amount"
          type="number"
          min={0}
          step={0.01}
          inputMode="decimal"
          value={values.target}
          onChange={(e) => set('target', e.target.value)}
          aria-describedby={described('target_amount')}
        />
        {err('target_amount')}
      </div>

      <div className={`field${fieldErrors.category ? ' field--invalid' : ''}`}>
        <label htmlFor="cause-category-select">{t('causes.create.category')}</label>
        <select
          id="cause-category-select"
          name="category"
          value={values.category}
          onChange={(e) => set('category', e.target.value)}
          aria-describedby={described('category')}
        >
          <option value="">{t('causes.create.chooseCategory')}</option>
          {categories.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
          <option value={OTHER_CATEGORY}>{t('causes.create.otherCategory')}</option>
        </select>
        {err('category')}
      </div>
      {values.category === OTHER_CATEGORY && (
        <div className={`field${fieldErrors.category_data ? ' field--invalid' : ''}`}>
          <label htmlFor="cause-category-other">{t('causes.create.newCategory')}</label>
          <input
            id="cause-category-other"
            value={values.otherCategory}
            maxLength={80}
            onChange={(e) => set('otherCategory', e.target.value)}
            aria-describedby={described('category_data')}
          />
          {err('category_data')}
        </div>
      )}

      <div className={`field${fieldErrors.location ? ' field--invalid' : ''}`}>
        <label htmlFor="cause-location">{t('causes.create.location')}</label>
        <input
          id="cause-location"
          name="location"
          placeholder={t('causes.create.locationPlaceholder')}
          value={values.location}
          onChange={(e) => set('location', e.target.value)}
          aria-describedby={described('location')}
        />
        {err('location')}
      </div>

      <div className={`field${fieldErrors.end_date ? ' field--invalid' : ''}`}>
        <label htmlFor="cause-end-date">{t('causes.create.endDate')}</label>
        <input
          id="cause-end-date"
          name="end_date"
          type="date"
          min={addDays(utcDay(), 1)}
          max={addOneYear(utcDay())}
          value={values.endDate}
          onChange={(e) => set('endDate', e.target.value)}
          aria-describedby={described('end_date', 'cause-end-date-hint')}
        />
        <p id="cause-end-date-hint" className="field__hint">
          {t('causes.create.endDateHint')}
        </p>
        {err('end_date')}
      </div>

      <div className={`field${fieldErrors.organizer_id ? ' field--invalid' : ''}`}>
        <label htmlFor="cause-organizer">{t('causes.create.organizerId')}</label>
        <input
          id="cause-organizer"
          name="organizer_id"
          required
          aria-required="true"
          value={organizerId}
          readOnly={!isAdmin}
          onChange={(e) => setOrganizerId(e.target.value)}
          aria-describedby={described('organizer_id', 'cause-organizer-hint')}
        />
        <p id="cause-organizer-hint" className="field__hint">
          {isAdmin ? t('causes.create.organizerHintAdmin') : t('causes.create.organizerHint')}
        </p>
        {err('organizer_id')}
      </div>

      <div className={`field${fileError || fieldErrors.cover_image ? ' field--invalid' : ''}`}>
        <label htmlFor="cause-cover">{t('causes.create.cover')}</label>
        <input
          ref={fileInput}
          id="cause-cover"
          name="cover_image"
          type="file"
          accept="image/*"
          onChange={(e) => onFile(e.target.files?.[0] ?? null)}
          aria-invalid={fileError ? true : undefined}
          aria-describedby={fileError ? 'cause-cover-error' : 'cause-cover-hint'}
        />
        <p id="cause-cover-hint" className="field__hint">
          {t('causes.create.coverHint')}
        </p>
        {fileError && (
          <p id="cause-cover-error" className="field__error" role="alert">
            {fileError}
          </p>
        )}
        {!fileError && fieldErrors.cover_image && <p className="field__error">{fieldErrors.cover_image}</p>}
        {preview && <img className="create-form__preview" src={preview} alt={t('causes.create.coverPreview')} width={320} height={180} />}
      </div>

      <label className="checkbox">
        <input type="checkbox" checked={values.afterGoal} onChange={(e) => set('afterGoal', e.target.checked)} />
        {t('causes.create.afterGoal')}
      </label>

      {progress !== null && (
        <div className="field">
          <label htmlFor="cause-upload-progress">{t('causes.create.uploading', { percent: Math.round(progress * 100) })}</label>
          <progress id="cause-upload-progress" className="upload-progress" max={1} value={progress} />
        </div>
      )}

      <button type="submit" className="button button--primary button--large" disabled={submitting}>
        {submitting ? t('causes.create.submitting') : t('causes.create.submit')}
      </button>
    </form>
  );
}
