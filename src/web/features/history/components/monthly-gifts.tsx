import { useState } from 'react';
import type { SubscriptionSummary } from '../../../../shared/contract/subscriptions';
import { formatDate } from '../../../../shared/dates';
import { formatGhs, parseAmount } from '../../../../shared/money';
import { PAYMENT_METHOD_LABELS } from '../../../../shared/payment-methods';
import { toast } from '../../../stores/toast-store';
import { useLoad } from '../../../lib/use-load';
import { cancelMonthlyGift, fetchMonthlyGifts } from '../api/subscriptions-api';

export const MONTHLY_TEXT = {
  heading: 'Monthly gifts',
  cancel: 'Cancel monthly gift',
  confirm: 'Stop this monthly gift? No later month will be charged.',
  confirmYes: 'Yes, cancel it',
  confirmNo: 'Keep it',
  cancelling: 'Cancelling…',
  cancelled: 'Monthly gift cancelled',
  cancelFailed: 'Could not cancel the monthly gift. Please try again.',
} as const;

const STATUS_LABEL: Record<SubscriptionSummary['status'], string> = {
  pending: 'Waiting for the first payment',
  active: 'Active',
  cancelled: 'Cancelled',
};

const ghs = (amount: string) => formatGhs(parseAmount(amount) ?? 0);

function MonthlyGiftCard({ gift, onCancelled }: { gift: SubscriptionSummary; onCancelled: (code: string) => void }) {
  const [confirming, setConfirming] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const titles = gift.causes.map((c) => c.cause_title).join(', ');

  const cancel = async () => {
    setSubmitting(true);
    try {
      await cancelMonthlyGift(gift.code);
      toast.success(MONTHLY_TEXT.cancelled);
      onCancelled(gift.code);
      setConfirming(false);
    } catch {
      toast.error(MONTHLY_TEXT.cancelFailed);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <li className="history-card monthly-gift" aria-label={`Monthly gift to ${titles}`}>
      <div className="history-card__main">
        <p className="history-card__title">{titles}</p>
        <p className="history-card__meta">
          {gift.charges} {gift.charges === 1 ? 'month' : 'months'} given
          {gift.payment_method ? <span> · {PAYMENT_METHOD_LABELS[gift.payment_method]}</span> : null}
          {gift.status === 'active' && gift.next_charge_at ? (
            <span>
              {' '}
              · Next on <time dateTime={gift.next_charge_at}>{formatDate(gift.next_charge_at)}</time>
            </span>
          ) : null}
        </p>
      </div>
      <div className="history-card__side">
        <p className="history-card__amount">{ghs(gift.total_amount)} / month</p>
        <p className={`history-status history-status--${gift.status === 'active' ? 'completed' : gift.status}`}>
          {STATUS_LABEL[gift.status]}
        </p>
        {gift.status === 'cancelled' ? null : confirming ? (
          <div className="monthly-gift__confirm" role="group" aria-label={MONTHLY_TEXT.confirm}>
            <p>{MONTHLY_TEXT.confirm}</p>
            <button type="button" className="button button--small button--danger" disabled={submitting} onClick={() => void cancel()}>
              {submitting ? MONTHLY_TEXT.cancelling : MONTHLY_TEXT.confirmYes}
            </button>
            <button
              type="button"
              className="button button--small button--secondary"
              disabled={submitting}
              onClick={() => setConfirming(false)}
            >
              {MONTHLY_TEXT.confirmNo}
            </button>
          </div>
        ) : (
          <button type="button" className="button button--small button--secondary" onClick={() => setConfirming(true)}>
            {MONTHLY_TEXT.cancel}
          </button>
        )}
      </div>
    </li>
  );
}

/** The donor's monthly gifts on /donationhistory; hidden while there are none (or offline). */
export function MonthlyGifts() {
  // Offline or signed out it fails quietly: the one-off history below still shows; nothing to cancel from here.
  const { data: gifts, setData: setGifts } = useLoad((signal) => fetchMonthlyGifts(signal), []);

  if (!gifts || gifts.length === 0) return null;
  const onCancelled = (code: string) =>
    setGifts((current) => current?.map((g) => (g.code === code ? { ...g, status: 'cancelled', next_charge_at: null } : g)) ?? undefined);

  return (
    <section aria-labelledby="monthly-gifts-heading" className="monthly-gifts">
      <h2 id="monthly-gifts-heading">{MONTHLY_TEXT.heading}</h2>
      <ul className="history-list">
        {gifts.map((gift) => (
          <MonthlyGiftCard key={gift.code} gift={gift} onCancelled={onCancelled} />
        ))}
      </ul>
    </section>
  );
}
