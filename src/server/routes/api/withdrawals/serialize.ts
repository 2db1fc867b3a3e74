/** WithdrawalView → Withdrawal / AdminWithdrawal (src/shared/payouts-contract.ts). */
import type { AdminWithdrawal, Withdrawal, WithdrawalDetails } from '../../../../shared/payouts-contract';
import { toDecimalString } from '../../../../shared/money';
import { destinationLabel } from '../../../payouts/details';
import type { WithdrawalView } from '../../../repositories/withdrawals';

export function toWithdrawal(w: WithdrawalView): Withdrawal {
  return {
    id: w.id,
    cause_id: w.causeId,
    cause_title: w.causeTitle,
    amount: toDecimalString(w.amount),
    status: w.status,
    method: w.method,
    destination_label: destinationLabel(w.destination as WithdrawalDetails),
    reference: w.reference,
    failure_reason: w.failureReason,
    rejection_reason: w.rejectionReason,
    created_at: w.createdAt.toISOString(),
    updated_at: w.updatedAt.toISOString(),
    paid_at: w.paidAt ? w.paidAt.toISOString() : null,
  };
}

export function toAdminWithdrawal(w: WithdrawalView): AdminWithdrawal {
  return {
    ...toWithdrawal(w),
    organizer_id: w.organizerId,
    organizer_name: w.organizerName,
    organizer_email: w.organizerEmail,
    destination: w.destination as WithdrawalDetails,
    provider_status: w.providerStatus,
  };
}
