import { useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { NON_FIELD_ERRORS } from '../../../../shared/api-errors';
import { PasswordField } from '../../../components/form/password-field';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { clearSession } from '../../../stores/session-store';
import { toast } from '../../../stores/toast-store';
import { useT } from '../../../lib/i18n';
import { deleteAccount } from '../api/profile-api';

/**
 * Delete Account: says what is erased and what stays, asks for the password, and shows the
 * server's reasons when a cause still holds money. The session ends locally once it is done.
 */
export function DeleteAccountSection() {
  const navigate = useNavigate();
  const t = useT();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [deleting, setDeleting] = useState(false);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [reasons, setReasons] = useState<string[]>([]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setDeleting(true);
    setFieldError(undefined);
    setReasons([]);
    try {
      await deleteAccount(password);
      clearSession();
      toast.success(t('account.delete.done'));
      void navigate({ to: '/' });
    } catch (error) {
      const body = error instanceof ApiError ? error.errorBody : null;
      if (body?.errors?.password) setFieldError(body.errors.password[0]);
      else setReasons(body?.errors?.[NON_FIELD_ERRORS] ?? [errorMessage(error, t('account.delete.failed'))]);
    } finally {
      setDeleting(false);
    }
  }

  return (
    <section className="settings-note" aria-labelledby="delete-account-title">
      <h2 id="delete-account-title">{t('account.delete.title')}</h2>
      <p>{t('account.delete.explain')}</p>
      {!open ? (
        <button type="button" className="button button--danger" onClick={() => setOpen(true)}>
          {t('account.delete.open')}
        </button>
      ) : (
        <form onSubmit={onSubmit} className="delete-account">
          {reasons.length > 0 ? (
            <div className="form-error" role="alert">
              <p>{t('account.delete.cannotYet')}</p>
              <ul>
                {reasons.map((r) => (
                  <li key={r}>{r}</li>
                ))}
              </ul>
            </div>
          ) : null}
          <PasswordField
            id="delete-password"
            name="password"
            label={t('account.delete.password')}
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={fieldError}
          />
          <div className="delete-account__actions">
            <button type="submit" className="button button--danger" disabled={deleting}>
              {deleting ? t('account.delete.busy') : t('account.delete.confirm')}
            </button>
            <button type="button" className="button button--secondary" disabled={deleting} onClick={() => setOpen(false)}>
              {t('account.delete.cancel')}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
