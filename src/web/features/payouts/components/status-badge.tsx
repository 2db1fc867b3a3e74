import type { WithdrawalStatus } from '../../../../shared/contract/payouts';
import { useT } from '../../../lib/i18n';
import { STATUS_LABELS } from '../lib/payout-text';

export function WithdrawalStatusBadge({ status }: { status: WithdrawalStatus }) {
  const t = useT();
  return (
    <span className={`payout-badge payout-badge--${status}`}>
      {Object.hasOwn(STATUS_LABELS, status) ? t(STATUS_LABELS[status]) : status}
    </span>
  );
}
