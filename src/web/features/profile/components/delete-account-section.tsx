import { useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { NON_FIELD_ERRORS } from '../../../../shared/api-errors';
import { PasswordField } from '../../../components/form/password-field';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { clearSession } from '../../../stores/session-store';
import { toast } from '../../../stores/toast-store';
import { deleteAccount } from '../api/profile-api';

/**
 * Delete Account: says what is erased and what stays, asks for the password, and shows the
 * server's reasons when a cause still holds money. The session ends locally once it is done.
 */
export function DeleteAccountSection() {
  const navigate = useNavigate();
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
      toast.success('Your account was deleted');
      void navigate({ to: '/' });
    } catch (error) {
      const body = error instanceof ApiError ? error.errorBody : null;
      if (body?.errors?.password) setFieldError(body.errors.password[0]);
      else setReasons(body?.errors?.[NON_FIELD_ERRORS] ?? [errorMessage(error, 'Your account was not deleted. Please try again.')]);
    } finally {
      setDeleting(false);
    }
  }

  return (
    <section className="settings-note" aria-labelledby="delete-account-title">
      <h2 id="delete-account-title">Delete Account</h2>
      <p>
        Your name, email, phone, address, pictures and payout details are erased and you are signed out everywhere. Your donations stay on
        the causes&apos; ledgers as &ldquo;A former donor&rdquo;, so their totals stay right.
      </p>
      {!open ? (
        <button type="button" className="button button--danger" onClick={() => setOpen(true)}>
          Delete my account
        </button>
      ) : (
        <form onSubmit={onSubmit} className="delete-account">
          {reasons.length > 0 ? (
            <div className="form-error" role="alert">
              <p>Your account cannot be deleted yet:</p>
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
            label="Your password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={fieldError}
          />
          <div className="delete-account__actions">
            <button type="submit" className="button button--danger" disabled={deleting}>
              {deleting ? 'Deleting...' : 'Delete my account permanently'}
            </button>
            <button type="button" className="button button--secondary" disabled={deleting} onClick={() => setOpen(false)}>
              Cancel
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
