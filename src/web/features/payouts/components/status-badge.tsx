import type { WithdrawalStatus } from '../../../../shared/contract/payouts';
import { STATUS_LABELS } from '../lib/payout-text';

export function WithdrawalStatusBadge({ status }: { status: WithdrawalStatus }) {
  return <span className={`payout-badge payout-badge--${status}`}>{STATUS_LABELS[status] ?? status}</span>;
}
