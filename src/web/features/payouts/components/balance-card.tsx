import type { CauseBalance } from '../../../../shared/contract/payouts';
import { formatGhs, parseAmount } from '../../../../shared/money';
import { LinesSkeleton } from '../../../components/lines-skeleton';
import { useT } from '../../../lib/i18n';

/** A cause's money for its organizer and treasurers: raised, withdrawn, pending, held, refunded, available. */
export function BalanceCard({ balance }: { balance: CauseBalance | null }) {
  const t = useT();
  return (
    <section className="panel payout-balance" aria-labelledby="balance-title">
      <h2 id="balance-title">{t('payouts.balance.title')}</h2>
      {balance ? (
        <dl className="payout-figures">
          <div>
            <dt>{t('payouts.balance.raised')}</dt>
            <dd>{formatGhs(balance.raised)}</dd>
          </div>
          <div>
            <dt>{t('payouts.balance.withdrawn')}</dt>
            <dd>{formatGhs(balance.withdrawn)}</dd>
          </div>
          <div>
            <dt>{t('payouts.balance.pending')}</dt>
            <dd>{formatGhs(balance.pending)}</dd>
          </div>
          {/* Card money clears after a hold; saying so explains why Available is below Raised. */}
          {(parseAmount(balance.held) ?? 0) > 0 ? (
            <div>
              <dt>{t('payouts.balance.held')}</dt>
              <dd data-testid="held">{formatGhs(balance.held)}</dd>
            </div>
          ) : null}
          {(parseAmount(balance.refunded) ?? 0) > 0 ? (
            <div>
              <dt>{t('payouts.balance.refunded')}</dt>
              <dd>{formatGhs(balance.refunded)}</dd>
            </div>
          ) : null}
          <div className="payout-figures__main">
            <dt>{t('payouts.balance.available')}</dt>
            <dd data-testid="available">{formatGhs(balance.available)}</dd>
          </div>
        </dl>
      ) : (
        <LinesSkeleton label={t('payouts.balance.loading')} />
      )}
    </section>
  );
}
