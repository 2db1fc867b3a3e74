import { useRef, useState, type FormEvent } from 'react';
import type { CauseUpdate } from '../../../../shared/contract/updates';
import { UPDATE_BODY_MAX } from '../../../../shared/limits';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { toast } from '../../../stores/toast-store';
import { postUpdate } from '../api/updates-api';
import { smsCountText, updateSms } from '../lib/update-sms';

const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/** The organizer's (or an admin's) "Post an update" form: text, an optional picture, upload progress like the create-cause form. */
export function PostUpdateForm({
  causeId,
  causeTitle,
  onPosted,
  submit = postUpdate,
}: {
  causeId: string;
  /** The texts to donors open with it: the live SMS count includes it. */
  causeTitle: string;
  onPosted: (update: CauseUpdate) => void;
  submit?: typeof postUpdate;
}) {
  const [body, setBody] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [submitting, setSubmitting] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const sms = body.trim() ? updateSms(causeTitle, body).count : null;
  const t = useT();

  function chooseFile(chosen: File | null) {
    const { image: _old, ...rest } = errors;
    if (chosen && !chosen.type.startsWith('image/')) setErrors({ ...rest, image: t('updates.form.notImage') });
    else if (chosen && chosen.size > MAX_IMAGE_BYTES) setErrors({ ...rest, image: t('updates.form.tooBig') });
    else setErrors(rest);
    setFile(chosen);
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (submitting) return;
    if (!body.trim()) {
      setErrors({ ...errors, body: t('updates.form.empty') });
      return;
    }
    if (errors.image) return;
    const form = new FormData();
    form.append('body', body.trim());
    if (file) form.append('image', file);
    setSubmitting(true);
    setProgress(0);
    try {
      const update = await submit(causeId, form, setProgress);
      onPosted(update);
      setBody('');
      setFile(null);
      setErrors({});
      if (fileInput.current) fileInput.current.value = '';
      toast.success(t('updates.form.posted'));
    } catch (error) {
      const fields: Record<string, string> = {};
      if (error instanceof ApiError) {
        for (const [field, messages] of Object.entries(error.errorBody?.errors ?? {})) {
          if (Array.isArray(messages) && messages[0]) fields[field] = messages[0];
        }
      }
      setErrors(fields);
      toast.error(errorMessage(error, t('updates.form.failed')));
    } finally {
      setSubmitting(false);
      setProgress(null);
    }
  }

  return (
    <form className="update-form" onSubmit={(e) => void onSubmit(e)} aria-label={t('updates.form.title')} noValidate>
      <h3>{t('updates.form.title')}</h3>
      <div className={`field${errors.body ? ' field--invalid' : ''}`}>
        <label htmlFor="update-body">{t('updates.form.body')}</label>
        <textarea
          id="update-body"
          rows={4}
          maxLength={UPDATE_BODY_MAX}
          value={body}
          onChange={(e) => setBody(e.target.value)}
          aria-invalid={errors.body ? true : undefined}
          aria-describedby={errors.body ? 'update-body-error' : 'update-sms-count'}
        />
        {errors.body && (
          <p id="update-body-error" className="field__error" role="alert">
            {errors.body}
          </p>
        )}
        <p id="update-sms-count" className="field__hint" aria-live="polite">
          {sms ? smsCountText(t, sms) : null}
        </p>
      </div>
      <div className={`field${errors.image ? ' field--invalid' : ''}`}>
        <label htmlFor="update-image">{t('updates.form.image')}</label>
        <input ref={fileInput} id="update-image" type="file" accept="image/*" onChange={(e) => chooseFile(e.target.files?.[0] ?? null)} />
        {errors.image && (
          <p className="field__error" role="alert">
            {errors.image}
          </p>
        )}
      </div>
      {progress !== null && (
        <div className="field">
          <label htmlFor="update-upload-progress">{t('updates.form.uploading', { percent: Math.round(progress * 100) })}</label>
          <progress id="update-upload-progress" className="upload-progress" max={1} value={progress} />
        </div>
      )}
      <button type="submit" className="button button--primary" disabled={submitting}>
        {submitting ? t('updates.form.posting') : t('updates.form.submit')}
      </button>
    </form>
  );
}
