import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { TreasurerInvitation } from '../../../../shared/contract/treasurers';
import { formatDateTime } from '../../../../shared/dates';
import { errorMessage } from '../../../lib/api-client';
import { useLoad } from '../../../lib/use-load';
import { toast } from '../../../stores/toast-store';
import { useLocale, useT } from '../../../lib/i18n';
import { withElements } from '../../../lib/rich-text';
import { slot } from '../../../../shared/i18n/slots';
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
  const t = useT();
  const locale = useLocale();

  async function answer(invitation: TreasurerInvitation, accept: boolean) {
    setBusy(invitation.cause_id);
    try {
      await answerTreasurerInvitation(invitation.cause_id, accept);
      setItems((current) => (current ?? []).filter((i) => i.cause_id !== invitation.cause_id));
      if (accept) setAccepted((current) => [...current, invitation]);
      toast.success(accept ? t('payouts.invitations.accepted') : t('payouts.invitations.declined'));
    } catch (failure) {
      toast.error(errorMessage(failure, t('payouts.invitations.failed')));
    } finally {
      setBusy(null);
    }
  }

  if (items.length === 0 && accepted.length === 0) return null;
  return (
    <section className="panel" aria-labelledby="treasurer-invitations-title">
      <h2 id="treasurer-invitations-title">{t('payouts.invitations.title')}</h2>
      <ul className="payout-list" aria-label={t('payouts.invitations.title')}>
        {items.map((i) => (
          <li key={i.cause_id} className="payout-item">
            <p>
              {withElements(t('payouts.invitations.text', { organizer: slot('organizer'), cause: slot('cause'), date: slot('date') }), {
                organizer: <strong>{i.organizer_name || t('payouts.invitations.anOrganizer')}</strong>,
                cause: <strong>{i.cause_title}</strong>,
                date: <time dateTime={i.invited_at}>{formatDateTime(i.invited_at, locale)}</time>,
              })}
            </p>
            <div className="button-row">
              <button
                type="button"
                className="button button--primary button--small"
                disabled={busy !== null}
                onClick={() => void answer(i, true)}
              >
                {busy === i.cause_id ? t('payouts.invitations.saving') : t('payouts.invitations.accept')}
              </button>
              <button
                type="button"
                className="button button--secondary button--small"
                disabled={busy !== null}
                onClick={() => void answer(i, false)}
              >
                {t('payouts.invitations.decline')}
              </button>
            </div>
          </li>
        ))}
        {accepted.map((i) => (
          <li key={i.cause_id} className="payout-item">
            {t('payouts.invitations.youAre', { cause: i.cause_title })}{' '}
            <Link to="/causes/$id/withdrawals" params={{ id: i.cause_id }}>
              {t('payouts.invitations.seeWithdrawals')}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
