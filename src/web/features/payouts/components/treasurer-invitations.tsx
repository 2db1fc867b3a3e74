import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { TreasurerInvitation } from '../../../../shared/contract/treasurers';
import { formatDateTime } from '../../../../shared/dates';
import { errorMessage } from '../../../lib/api-client';
import { useLoad } from '../../../lib/use-load';
import { toast } from '../../../stores/toast-store';
import { answerTreasurerInvitation, listTreasurerInvitations } from '../api/treasurers-api';

/**
 * The signed-in user's treasurer invitations, on the notifications page (where the invitation's
 * notification and mail lead). Nothing is shown while there are none.
 */
export function TreasurerInvitations() {
  // Nothing is shown until they load, nor when they cannot.
  const { data: items = [], setData: setItems } = useLoad((signal) => listTreasurerInvitations(signal), []);
  const [accepted, setAccepted] = useState<TreasurerInvitation[]>([]);
  const [busy, setBusy] = useState<string | null>(null);

  async function answer(invitation: TreasurerInvitation, accept: boolean) {
    setBusy(invitation.cause_id);
    try {
      await answerTreasurerInvitation(invitation.cause_id, accept);
      setItems((current) => (current ?? []).filter((i) => i.cause_id !== invitation.cause_id));
      if (accept) setAccepted((current) => [...current, invitation]);
      toast.success(accept ? 'You are now a treasurer' : 'Invitation declined');
    } catch (failure) {
      toast.error(errorMessage(failure, 'Could not answer the invitation. Please try again.'));
    } finally {
      setBusy(null);
    }
  }

  if (items.length === 0 && accepted.length === 0) return null;
  return (
    <section className="panel" aria-labelledby="treasurer-invitations-title">
      <h2 id="treasurer-invitations-title">Treasurer invitations</h2>
      <ul className="payout-list" aria-label="Treasurer invitations">
        {items.map((i) => (
          <li key={i.cause_id} className="payout-item">
            <p>
              <strong>{i.organizer_name || 'An organizer'}</strong> invited you to be a treasurer of <strong>{i.cause_title}</strong> (
              <time dateTime={i.invited_at}>{formatDateTime(i.invited_at)}</time>). Treasurers approve each withdrawal before it is paid
              out.
            </p>
            <div className="button-row">
              <button
                type="button"
                className="button button--primary button--small"
                disabled={busy !== null}
                onClick={() => void answer(i, true)}
              >
                {busy === i.cause_id ? 'Saving...' : 'Accept'}
              </button>
              <button
                type="button"
                className="button button--secondary button--small"
                disabled={busy !== null}
                onClick={() => void answer(i, false)}
              >
                Decline
              </button>
            </div>
          </li>
        ))}
        {accepted.map((i) => (
          <li key={i.cause_id} className="payout-item">
            You are a treasurer of {i.cause_title}.{' '}
            <Link to="/causes/$id/withdrawals" params={{ id: i.cause_id }}>
              See its withdrawals
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
