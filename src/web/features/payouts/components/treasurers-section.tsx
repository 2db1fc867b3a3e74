import { useId, useState, type FormEvent } from 'react';
import { firstFieldError } from '../../../../shared/api-errors';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useLoad } from '../../../lib/use-load';
import { useOnline } from '../../../lib/use-online';
import { toast } from '../../../stores/toast-store';
import { LinesSkeleton } from '../../../components/lines-skeleton';
import { getTreasurers, inviteTreasurer, removeTreasurer } from '../api/treasurers-api';

const STATUS = { invited: 'Invited', accepted: 'Accepted' } as const;

/** The organizer's treasurers: invite by email (registered users, at most 3), see who accepted, remove. */
export function TreasurersSection({ causeId }: { causeId: string }) {
  const id = useId();
  const online = useOnline();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [version, setVersion] = useState(0);
  // A failure is said in the section, not as a toast: the rest of the page works without it.
  const { data, failed } = useLoad((signal) => getTreasurers(causeId, signal), [causeId, version], { keep: true });
  const list = data ?? null;

  async function onInvite(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (!email.trim()) {
      setError('Enter the email of their Boafo account.');
      return;
    }
    setBusy('invite');
    setError(null);
    try {
      await inviteTreasurer(causeId, email.trim());
      toast.success('Invitation sent');
      setEmail('');
      setVersion((v) => v + 1);
    } catch (failure) {
      const body = failure instanceof ApiError ? failure.errorBody : null;
      setError(firstFieldError(body, 'email') ?? errorMessage(failure, 'Could not send the invitation. Please try again.'));
    } finally {
      setBusy(null);
    }
  }

  async function onRemove(userId: string) {
    setBusy(userId);
    try {
      await removeTreasurer(causeId, userId);
      toast.success('Treasurer removed');
      setVersion((v) => v + 1);
    } catch (failure) {
      toast.error(errorMessage(failure, 'Could not remove the treasurer.'));
    } finally {
      setBusy(null);
    }
  }

  const full = list !== null && list.treasurers.length >= list.max_treasurers;
  return (
    <section className="panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Treasurers</h2>
      <p className="field__hint">
        Treasurers are people you trust who approve each withdrawal: once someone accepts, a majority of them must approve a request before
        it is paid out.
      </p>
      {list === null && failed ? (
        <p className="panel__empty">Could not load the treasurers. Check your connection and try again.</p>
      ) : list === null ? (
        <LinesSkeleton label="Loading the treasurers…" />
      ) : list.treasurers.length === 0 ? (
        <p className="panel__empty">No treasurers yet.</p>
      ) : (
        <ul className="payout-list" aria-label="Treasurers">
          {list.treasurers.map((t) => (
            <li key={t.user_id} className="payout-item">
              <div className="payout-item__top">
                <span>
                  <strong>{t.name || t.email}</strong> <span className="payout-item__meta">{t.email}</span>
                </span>
                <span className={`payout-badge payout-badge--${t.status === 'accepted' ? 'paid' : 'requested'}`}>{STATUS[t.status]}</span>
              </div>
              <button
                type="button"
                className="button button--secondary button--small"
                disabled={busy !== null || !online}
                aria-label={`Remove ${t.name || t.email}`}
                onClick={() => void onRemove(t.user_id)}
              >
                {busy === t.user_id ? 'Removing...' : 'Remove'}
              </button>
            </li>
          ))}
        </ul>
      )}
      {full ? (
        <p className="field__hint">A cause can have at most {list.max_treasurers} treasurers.</p>
      ) : (
        <form className="payout-request" onSubmit={onInvite} noValidate aria-busy={busy === 'invite'}>
          <div className={`field${error ? ' field--invalid' : ''}`}>
            <label htmlFor={`${id}-email`}>Treasurer's email</label>
            <input
              id={`${id}-email`}
              name="email"
              type="email"
              autoComplete="off"
              value={email}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              onChange={(e) => {
                setEmail(e.target.value);
                if (error) setError(null);
              }}
            />
            {error ? (
              <p id={`${id}-error`} className="field__error" role="alert">
                {error}
              </p>
            ) : null}
          </div>
          <button type="submit" className="button button--primary" disabled={busy !== null || !online}>
            {busy === 'invite' ? 'Inviting...' : 'Invite treasurer'}
          </button>
        </form>
      )}
    </section>
  );
}
