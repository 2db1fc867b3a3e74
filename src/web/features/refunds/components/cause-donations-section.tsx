import { useT } from '../../../lib/i18n';
import { DonationRefundList } from './donation-refund-list';
import '../refunds.css';

/**
 * The organizer's withdrawals page: the cause's donations, each refundable while its money is still in
 * the cause (a refund of money already withdrawn, requested or held is refused with the server's reason).
 */
export function CauseDonationsSection({ causeId, onRefunded }: { causeId: string; onRefunded?: () => void }) {
  const t = useT();
  return (
    <section className="panel" aria-labelledby="cause-donations-title">
      <h2 id="cause-donations-title">{t('refunds.organizer.title')}</h2>
      <p className="field__hint">{t('refunds.organizer.hint')}</p>
      <DonationRefundList scope="organizer" causeId={causeId} label={t('refunds.organizer.listLabel')} onRefunded={onRefunded} />
    </section>
  );
}
