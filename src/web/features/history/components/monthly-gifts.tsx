import { useState } from 'react';
import type { SubscriptionSummary } from '../../../../shared/contract/subscriptions';
import { formatDate } from '../../../../shared/dates';
import { formatGhs, parseAmount } from '../../../../shared/money';
import type { WebMessageId } from '../../../../shared/i18n/message-ids.gen';
import type { PAYMENT_METHOD_LABELS } from '../../../../shared/payment-methods';
import { useLocale, useT } from '../../../lib/i18n';
import { toast } from '../../../stores/toast-store';
import { useLoad } from '../../../lib/use-load';
import { slot } from '../../../../shared/i18n/slots';
import { withElements } from '../../../lib/rich-text';
import { cancelMonthlyGift, fetchMonthlyGifts } from '../api/subscriptions-api';

const STATUS_LABEL: Record<SubscriptionSummary['status'], WebMessageId> = {
  pending: 'history.monthly.status.pending',
  active: 'history.monthly.status.active',
  cancelled: 'history.monthly.status.cancelled',
};

/** How the gift is paid, in words (the shared module keeps the codes). */
const METHOD_LABEL: Record<keyof typeof PAYMENT_METHOD_LABELS, WebMessageId> = {
  card: 'history.method.card',
  mobile_money: 'history.method.mobileMoney',
};

const ghs = (amount: string) => formatGhs(parseAmount(amount) ?? 0);

function MonthlyGiftCard({ gift, onCancelled }: { gift: SubscriptionSummary; onCancelled: (code: string) => void }) {
  const [confirming, setConfirming] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const titles = gift.causes.map((c) => c.cause_title).join(', ');
  const t = useT();
  const locale = useLocale();

  const cancel = async () => {
    setSubmitting(true);
    try {
      await cancelMonthlyGift(gift.code);
      toast.success(t('history.monthly.cancelled'));
      onCancelled(gift.code);
      setConfirming(false);
    } catch {
      toast.error(t('history.monthly.cancelFailed'));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <li className="history-card monthly-gift" aria-label={t('history.monthly.label', { titles })}>
      <div className="history-card__main">
        <p className="history-card__title">{titles}</p>
        <p className="history-card__meta">
          {t('history.monthly.given', { count: gift.charges })}
          {gift.payment_method ? <span> · {t(METHOD_LABEL[gift.payment_method])}</span> : null}
          {gift.status === 'active' && gift.next_charge_at ? (
            <span>
              {' '}
              {withElements(t('history.monthly.next', { date: slot('date') }), {
                date: <time dateTime={gift.next_charge_at}>{formatDate(gift.next_charge_at, locale)}</time>,
              })}
            </span>
          ) : null}
        </p>
      </div>
      <div className="history-card__side">
        <p className="history-card__amount">{t('history.monthly.perMonth', { amount: ghs(gift.total_amount) })}</p>
        <p className={`history-status history-status--${gift.status === 'active' ? 'completed' : gift.status}`}>
          {t(STATUS_LABEL[gift.status])}
        </p>
        {gift.status === 'cancelled' ? null : confirming ? (
          <div className="monthly-gift__confirm" role="group" aria-label={t('history.monthly.confirm')}>
            <p>{t('history.monthly.confirm')}</p>
            <button type="button" className="button button--small button--danger" disabled={submitting} onClick={() => void cancel()}>
              {submitting ? t('history.monthly.cancelling') : t('history.monthly.confirmYes')}
            </button>
            <button
              type="button"
              className="button button--small button--secondary"
              disabled={submitting}
              onClick={() => setConfirming(false)}
            >
              {t('history.monthly.confirmNo')}
            </button>
          </div>
        ) : (
          <button type="button" className="button button--small button--secondary" onClick={() => setConfirming(true)}>
            {t('history.monthly.cancel')}
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
  const t = useT();

  if (!gifts || gifts.length === 0) return null;
  const onCancelled = (code: string) =>
    setGifts((current) => current?.map((g) => (g.code === code ? { ...g, status: 'cancelled', next_charge_at: null } : g)) ?? undefined);

  return (
    <section aria-labelledby="monthly-gifts-heading" className="monthly-gifts">
      <h2 id="monthly-gifts-heading">{t('history.monthly.heading')}</h2>
      <ul className="history-list">
        {gifts.map((gift) => (
          <MonthlyGiftCard key={gift.code} gift={gift} onCancelled={onCancelled} />
        ))}
      </ul>
    </section>
  );
}
