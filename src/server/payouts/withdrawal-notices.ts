/**
 * What organizers, treasurers and admins read about a withdrawal: the notifications' titles and
 * sentences (the mails say the same in the recipient's language). The repository writes whatever it is
 * handed here, in the transaction that moves the withdrawal, and words nothing itself. Notifications are
 * written in English from the catalog (the API puts them into each reader's language); a mail passes its reader's language.
 */
import type { WithdrawalStatus } from '../../shared/contract/payouts';
import type { Locale } from '../../shared/i18n/locales';
import { formatGhs } from '../../shared/money';
import { translator } from '../lib/i18n';
import { english, localizeText } from '../lib/localize';
import type { Notice, RequestNotices, WithdrawalRow } from '../repositories/withdrawals';

export const APPROVAL_TITLE = english('server.withdrawal.approvalTitle');

/** A withdrawal's title for each status (the notification's title, the mail's subject). */
export function withdrawalTitle(status: WithdrawalStatus, locale: Locale = 'en'): string {
  const t = translator(locale);
  switch (status) {
    case 'awaiting_treasurers':
      return t('server.withdrawal.titleAwaitingTreasurers');
    case 'requested':
      return t('server.withdrawal.titleRequested');
    case 'approved':
      return t('server.withdrawal.titleApproved');
    case 'processing':
      return t('server.withdrawal.titleProcessing');
    case 'paid':
      return t('server.withdrawal.titlePaid');
    case 'failed':
      return t('server.withdrawal.titleFailed');
    case 'rejected':
      return t('server.withdrawal.titleRejected');
  }
}

type Sentence = (w: WithdrawalRow, cause: string, locale?: Locale) => string;

/** The organizer's sentence for each outcome; a reason we wrote ourselves is put into the reader's language too. */
export const MESSAGES: Record<'approved' | 'paid' | 'failed' | 'rejected', Sentence> = {
  approved: (w, cause, locale = 'en') => translator(locale)('server.withdrawal.approved', { amount: formatGhs(w.amount), cause }),
  paid: (w, cause, locale = 'en') => translator(locale)('server.withdrawal.paid', { amount: formatGhs(w.amount), cause }),
  failed: (w, cause, locale = 'en') =>
    w.failureReason
      ? translator(locale)('server.withdrawal.failed', {
          amount: formatGhs(w.amount),
          cause,
          reason: localizeText(w.failureReason, locale),
        })
      : translator(locale)('server.withdrawal.failedNoReason', { amount: formatGhs(w.amount), cause }),
  rejected: (w, cause, locale = 'en') =>
    translator(locale)('server.withdrawal.rejected', {
      amount: formatGhs(w.amount),
      cause,
      reason: localizeText(w.rejectionReason ?? '', locale),
    }),
};

/** The organizer's notice of a move to `to` with one of MESSAGES. */
export const organizerNotice =
  (to: WithdrawalStatus, message: Sentence) =>
  (w: WithdrawalRow, cause: string): Notice => ({ title: withdrawalTitle(to), message: message(w, cause) });

/** A new request: the admins hear when no treasurer must approve it first, else each treasurer is asked. */
export function requestNotices(organizerName: string, amount: number): RequestNotices {
  return (cause) => {
    const values = { organizer: organizerName, amount: formatGhs(amount), cause };
    return {
      admins: {
        title: withdrawalTitle('requested'),
        message: organizerName
          ? english('server.notice.withdrawalAsked.message', values)
          : english('server.notice.withdrawalAsked.messageUnnamed', values),
      },
      treasurers: {
        title: APPROVAL_TITLE,
        message: organizerName
          ? english('server.notice.withdrawalAsked.approve', values)
          : english('server.notice.withdrawalAsked.approveUnnamed', values),
        kind: 'withdrawal_approval',
      },
    };
  };
}

/** The treasurers approved: the admins hear of it as of any request. */
export function releasedNotice(w: WithdrawalRow, organizerName: string, cause: string): Notice {
  const values = { organizer: organizerName, amount: formatGhs(w.amount), cause };
  return {
    title: withdrawalTitle('requested'),
    message: organizerName
      ? english('server.notice.withdrawalAsked.released', values)
      : english('server.notice.withdrawalAsked.releasedUnnamed', values),
  };
}
