/**
 * What organizers, treasurers and admins read about a withdrawal: the notifications' titles and
 * sentences (the mails quote the same sentences). The repository writes whatever it is handed here,
 * in the transaction that moves the withdrawal, and words nothing itself.
 */
import type { WithdrawalStatus } from '../../shared/contract/payouts';
import { formatGhs } from '../../shared/money';
import type { Notice, RequestNotices, WithdrawalRow } from '../repositories/withdrawals';

export const APPROVAL_TITLE = 'Withdrawal needs your approval';

export const WITHDRAWAL_TITLES: Record<WithdrawalStatus, string> = {
  awaiting_treasurers: 'Withdrawal awaiting treasurers',
  requested: 'Withdrawal requested',
  approved: 'Withdrawal approved',
  processing: 'Withdrawal processing',
  paid: 'Withdrawal paid',
  failed: 'Withdrawal failed',
  rejected: 'Withdrawal rejected',
};

/** The organizer's notification text for each outcome. */
export const MESSAGES = {
  approved: (w: WithdrawalRow, cause: string) => `Your withdrawal of ${formatGhs(w.amount)} from "${cause}" was approved.`,
  paid: (w: WithdrawalRow, cause: string) => `Your withdrawal of ${formatGhs(w.amount)} from "${cause}" was paid.`,
  failed: (w: WithdrawalRow, cause: string) =>
    `Your withdrawal of ${formatGhs(w.amount)} from "${cause}" failed: ${w.failureReason ?? 'the transfer did not go through.'}`,
  rejected: (w: WithdrawalRow, cause: string) =>
    `Your withdrawal of ${formatGhs(w.amount)} from "${cause}" was rejected: ${w.rejectionReason ?? ''}`,
};

/** The organizer's notice of a move to `to` with one of MESSAGES. */
export const organizerNotice =
  (to: WithdrawalStatus, message: (w: WithdrawalRow, cause: string) => string) =>
  (w: WithdrawalRow, cause: string): Notice => ({ title: WITHDRAWAL_TITLES[to], message: message(w, cause) });

/** A new request: the admins hear when no treasurer must approve it first, else each treasurer is asked. */
export function requestNotices(organizerName: string, amount: number): RequestNotices {
  return (cause) => {
    const asked = `${organizerName || 'An organizer'} asked to withdraw ${formatGhs(amount)} from "${cause}".`;
    return {
      admins: { title: WITHDRAWAL_TITLES.requested, message: asked },
      treasurers: { title: APPROVAL_TITLE, message: `${asked} Please approve or reject it.` },
    };
  };
}

/** The treasurers approved: the admins hear of it as of any request. */
export function releasedNotice(w: WithdrawalRow, organizerName: string, cause: string): Notice {
  return {
    title: WITHDRAWAL_TITLES.requested,
    message: `${organizerName || 'An organizer'} asked to withdraw ${formatGhs(w.amount)} from "${cause}" (approved by its treasurers).`,
  };
}
