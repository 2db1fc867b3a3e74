import { useId, useState, type FormEvent } from 'react';
import { firstFieldError } from '../../../../shared/api-errors';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useLoad } from '../../../lib/use-load';
import { useOnline } from '../../../lib/use-online';
import { toast } from '../../../stores/toast-store';
import { LinesSkeleton } from '../../../components/lines-skeleton';
import { getTreasurers, inviteTreasurer, removeTreasurer } from '../api/treasurers-api';
import type { WebMessageId } from '../../../../shared/i18n/message-ids.gen';
import { useT } from '../../../lib/i18n';

const STATUS: Record<'invited' | 'accepted', WebMessageId> = {
  invited: 'payouts.treasurers.invited',
  accepted: 'payouts.treasurers.acceptedStatus',
};

/** The organizer's treasurers: invite by email (registered users, at most 3), see who accepted, remove. */
export function TreasurersSection({ causeId }: { causeId: string }) {
  const id = useId();
  const online = useOnline();
  const t = useT();
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
      setError(t('payouts.treasurers.emailRequired'));
      return;
    }
    setBusy('invite');
    setError(null);
    try {
      await inviteTreasurer(causeId, email.trim());
      toast.success(t('payouts.treasurers.sent'));
      setEmail('');
      setVersion((v) => v + 1);
    } catch (failure) {
      const body = failure instanceof ApiError ? failure.errorBody : null;
      setError(firstFieldError(body, 'email') ?? errorMessage(failure, t('payouts.treasurers.sendFailed')));
    } finally {
      setBusy(null);
    }
  }

  async function onRemove(userId: string) {
    setBusy(userId);
    try {
      await removeTreasurer(causeId, userId);
      toast.success(t('payouts.treasurers.removed'));
      setVersion((v) => v + 1);
    } catch (failure) {
      toast.error(errorMessage(failure, t('payouts.treasurers.removeFailed')));
    } finally {
      setBusy(null);
    }
  }

  const full = list !== null && list.treasurers.length >= list.max_treasurers;
  return (
    <section className="panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('payouts.treasurers.title')}</h2>
      <p className="field__hint">{t('payouts.treasurers.lead')}</p>
      {list === null && failed ? (
        <p className="panel__empty">{t('payouts.treasurers.loadFailed')}</p>
      ) : list === null ? (
        <LinesSkeleton label={t('payouts.treasurers.loading')} />
      ) : list.treasurers.length === 0 ? (
        <p className="panel__empty">{t('payouts.treasurers.empty')}</p>
      ) : (
        <ul className="payout-list" aria-label={t('payouts.treasurers.title')}>
          {list.treasurers.map((person) => (
            <li key={person.user_id} className="payout-item">
              <div className="payout-item__top">
                <span>
                  <strong>{person.name || person.email}</strong> <span className="payout-item__meta">{person.email}</span>
                </span>
                <span className={`payout-badge payout-badge--${person.status === 'accepted' ? 'paid' : 'requested'}`}>
                  {t(STATUS[person.status])}
                </span>
              </div>
              <button
                type="button"
                className="button button--secondary button--small"
                disabled={busy !== null || !online}
                aria-label={t('payouts.treasurers.removeLabel', { name: person.name || person.email })}
                onClick={() => void onRemove(person.user_id)}
              >
                {busy === person.user_id ? t('payouts.treasurers.removing') : t('payouts.treasurers.remove')}
              </button>
            </li>
          ))}
        </ul>
      )}
      {full ? (
        <p className="field__hint">{t('payouts.treasurers.full', { count: list.max_treasurers })}</p>
      ) : (
        <form className="payout-request" onSubmit={onInvite} noValidate aria-busy={busy === 'invite'}>
          <div className={`field${error ? ' field--invalid' : ''}`}>
            <label htmlFor={`${id}-email`}>{t('payouts.treasurers.email')}</label>
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
            {busy === 'invite' ? t('payouts.treasurers.inviting') : t('payouts.treasurers.invite')}
          </button>
        </form>
      )}
    </section>
  );
}
