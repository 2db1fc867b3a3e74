/** WithdrawalView → Withdrawal / AdminWithdrawal (src/shared/contract/payouts.ts). */
import type { FastifyInstance } from 'fastify';
import { majorityOf } from '../../../repositories/treasurers';
import type { AdminWithdrawal, Withdrawal, WithdrawalDetails } from '../../../../shared/contract/payouts';
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

/**
 * A page of withdrawals with the treasurers' decisions (one query for the page) and, for those
 * still awaiting them, how many approvals make a majority (one count per cause on the page).
 */
export async function withdrawalsWithDecisions(app: FastifyInstance, views: WithdrawalView[]): Promise<Withdrawal[]> {
  const decisions = await app.repos.treasurers.decisions(views.map((w) => w.id));
  const awaiting = [...new Set(views.filter((w) => w.status === 'awaiting_treasurers').map((w) => w.causeId))];
  const voters = new Map(await Promise.all(awaiting.map(async (c) => [c, await app.repos.treasurers.acceptedCount(c)] as const)));
  return views.map((w) => {
    const mine = decisions.filter((d) => d.withdrawalId === w.id);
    return {
      ...toWithdrawal(w),
      ...(mine.length > 0
        ? {
            decisions: mine.map((d) => ({ treasurer_id: d.treasurerId, name: d.name, decision: d.decision, at: d.at.toISOString() })),
          }
        : {}),
      ...(voters.has(w.causeId) && w.status === 'awaiting_treasurers' ? { approvals_needed: majorityOf(voters.get(w.causeId)!) } : {}),
    };
  });
}
