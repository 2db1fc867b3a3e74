import { DonationRefundList } from './donation-refund-list';
import '../refunds.css';

/**
 * The organizer's withdrawals page: the cause's donations, each refundable while its money is still in
 * the cause (a refund of money already withdrawn, requested or held is refused with the server's reason).
 */
export function CauseDonationsSection({ causeId, onRefunded }: { causeId: string; onRefunded?: () => void }) {
  return (
    <section className="panel" aria-labelledby="cause-donations-title">
      <h2 id="cause-donations-title">Donations</h2>
      <p className="field__hint">
        You can refund a donation, in full or in part, while its money is still in the cause&apos;s available balance.
      </p>
      <DonationRefundList scope="organizer" causeId={causeId} label="Donations to this cause" onRefunded={onRefunded} />
    </section>
  );
}
