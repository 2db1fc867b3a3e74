/**
 * A change of payout details (withdrawal_address on the profile) is where a stolen account would
 * send the money: it is recorded with its before and after, holds withdrawals to a new destination
 * for PAYOUT_CHANGE_HOLD_HOURS, and tells the organizer on every channel we have, with a link that
 * puts the old details back. Saved in the caller's transaction, so the profile, the record, the
 * notice and the audit row commit together.
 */
import { randomBytes } from 'node:crypto';
import type { WithdrawalDetails } from '../../shared/contract/payouts';
import { sha256Hex } from '../lib/tokens';
import { payoutChangedMail } from '../mail/security-mail';
import { payoutChangedSms } from '../sms/sms-text';
import { sorted } from '../repositories/payout-changes';
import type { Repos } from '../repositories/repos';
import type { UserRow } from '../repositories/users';
import { asWithdrawalDetails, destinationLabel } from './details';
import { english, localeOf } from '../lib/localize';

type Details = Record<string, unknown> | null;

/** True when `after` would send money somewhere else than `before` (key order and aliases aside). */
export function payoutDetailsDiffer(before: Details, after: Details): boolean {
  return JSON.stringify(sorted(before)) !== JSON.stringify(sorted(after));
}

/** What a change notice says; every channel gets the same. */
export interface PayoutChangeNotice {
  userId: string;
  email: string;
  name: string;
  /** The account's phone number as saved on the profile ('' when none). */
  phone: string;
  /** "MTN Mobile Money •••• 4567", or null when the details were removed. */
  destination: string | null;
  holdHours: number;
  undoLink: string;
  /** The first details the account saved (nothing replaced): mailed, not texted. */
  first: boolean;
}

/**
 * Tells the organizer their payout details changed: a mail and a text through the outbox and a
 * notification in the app, all in the caller's transaction, so every change reaches every channel
 * the person has.
 */
export async function queuePayoutChangeNotice(repos: Repos, notice: PayoutChangeNotice): Promise<void> {
  const locale = localeOf(await repos.users.localeOf(notice.userId));
  await repos.mail.queue(
    payoutChangedMail({
      to: notice.email,
      name: notice.name,
      destination: notice.destination,
      holdHours: notice.holdHours,
      undoLink: notice.undoLink,
      locale,
    }),
  );
  // A text too when details were replaced or removed, to a profile number that agreed to texts (the outbox checks
  // consent when it sends). A first set replaces nothing a thief could redirect: the mail is enough.
  if (notice.phone && !notice.first) {
    await repos.sms.queue(notice.phone, {
      kind: 'payout_changed',
      text: payoutChangedSms(locale, { destination: notice.destination, holdHours: notice.holdHours, undoLink: notice.undoLink }),
    });
  }
  await repos.notifications.toUser(notice.userId, {
    title: english('server.notice.payoutChanged.title'),
    message:
      notice.destination === null
        ? english('server.notice.payoutChanged.removed')
        : english('server.notice.payoutChanged.message', { destination: notice.destination }),
  });
}

/**
 * Records the change and queues its notice. The hold applies when money could go to a new place:
 * details replaced by others. A first set (nothing to steal from yet) and a removal are not held.
 */
export async function recordPayoutChange(
  repos: Repos,
  input: { user: UserRow; after: Details; holdHours: number; siteOrigin: string },
): Promise<{ holdUntil: Date | null }> {
  const { user, after } = input;
  const before = user.withdrawalAddress ?? null;
  const holdHours = before && after ? input.holdHours : 0;
  const token = randomBytes(32).toString('base64url');
  const change = await repos.payoutChanges.record({ userId: user.id, before, after, holdHours, undoTokenHash: sha256Hex(token) });
  const details = asWithdrawalDetails(after) as WithdrawalDetails | null;
  await queuePayoutChangeNotice(repos, {
    userId: user.id,
    email: user.email,
    name: user.firstName,
    phone: user.phoneNumber,
    destination: details ? destinationLabel(details) : null,
    holdHours,
    undoLink: `${input.siteOrigin}/payout-undo?token=${encodeURIComponent(token)}`,
    first: !before,
  });
  return { holdUntil: change.holdUntil };
}
