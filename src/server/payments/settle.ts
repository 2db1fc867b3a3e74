/**
 * settlePayment: the only code that moves a payment out of 'pending', and creditDonations the
 * only caller of creditCause. Verify, webhook and the sweeper all end here, as often and as
 * concurrently as they like: one guarded UPDATE decides the winner, everything else in its
 * transaction. An admin's resolution of a flagged payment (resolve.ts) credits through the
 * same creditDonations, behind its own guarded UPDATE.
 *
 * - The gate is `UPDATE payments … WHERE reference = $1 AND status IN (allowed) RETURNING`.
 *   On PostgreSQL the row lock makes concurrent callers wait and then re-check the WHERE
 *   (READ COMMITTED), so exactly one gets the row back. PGlite runs one transaction at a
 *   time (its client mutex), so the second caller simply sees the new status.
 * - Donations, cause totals, cart lines and notifications change in that same transaction:
 *   a rollback leaves no half-credited payment and no stray notification.
 */
import { formatGhs } from '../../shared/money';
import type { SettlementLinks } from '../lib/receipt-links';
import { firstDonationMail, goalReachedMail, receiptMail } from '../mail/receipt-mail';
import { firstGiftSms, goalReachedSms, receiptSms } from '../sms/sms-text';
import type { Repos } from '../repositories/repos';
import { OPEN_DONATION, type CauseInfo, type PaymentRow, type PaymentStatus } from '../repositories/settlements';
import { paidMethod } from './paid-method';
import type { ProviderResult } from './provider';
import { subscriptionSettled } from './subscription-charges';
import { english, localeOf } from '../lib/localize';

export { OPEN_DONATION, type PaymentRow };

/**
 * A confirmed success also settles a payment we had written off as failed/abandoned:
 * Paystack reports an unpaid checkout as 'abandoned' yet the customer may still pay it,
 * and money that moved must never be lost. success and flagged are final.
 */
const SETTLEABLE: Record<'success' | 'failed' | 'abandoned', PaymentStatus[]> = {
  success: ['pending', 'failed', 'abandoned'],
  failed: ['pending'],
  abandoned: ['pending'],
};

export interface SettleOutcome {
  payment: PaymentRow;
  /** True only for the one call that changed the payment. */
  changed: boolean;
}

function mismatch(payment: PaymentRow, result: ProviderResult): string | null {
  if (result.currency !== payment.currency) {
    return `currency ${result.currency ?? 'missing'} from the provider, expected ${payment.currency}`;
  }
  if (result.amount !== payment.amount) {
    return `amount ${result.amount === null ? 'missing' : formatGhs(result.amount)} from the provider, expected ${formatGhs(payment.amount)}`;
  }
  return null;
}

async function flag(repos: Repos, payment: PaymentRow, reason: string, result: ProviderResult | null): Promise<PaymentRow> {
  // What the provider says it took is kept: an admin may credit exactly that (payments/resolve.ts).
  const received = result ? { receivedAmount: result.amount, receivedCurrency: result.currency } : {};
  const row = await repos.settlements.flag(payment.id, reason, received);
  await repos.notifications.toAdmins({
    title: english('server.notice.paymentFlagged.title'),
    message: english('server.notice.paymentFlagged.message', { reference: payment.reference, reason }),
  });
  return row;
}

const organizerAddress = (cause: CauseInfo) => ({
  to: cause.organizerEmail,
  name: cause.organizerFirstName,
  locale: localeOf(cause.organizerLocale),
});

/**
 * Completes the payment's donations, credits each cause, clears paid cart lines and tells people.
 * Used by settlePayment and by an admin's resolution of a flagged payment (resolve.ts), always
 * with repositories bound to the transaction whose guarded UPDATE won the payment: its mails
 * (receipt, organizers' first gift and goal reached) are queued there too, so they go exactly
 * once and only for money that was really credited.
 */
export async function creditDonations(
  repos: Repos,
  payment: PaymentRow,
  result: ProviderResult | null,
  links: SettlementLinks,
): Promise<PaymentRow> {
  // What was really paid with, not what the form said: receipts show it and the card hold reads it.
  const done = await repos.settlements.completeDonations(payment.id, paidMethod(payment.channel));
  if (done.length === 0) {
    // Paid, but nothing left to credit (the donations were moved or already completed): a human must look.
    return flag(repos, payment, 'paid, but it has no open donations to credit', result);
  }
  // Same order in every transaction, so two payments crediting the same causes cannot deadlock.
  done.sort((a, b) => (a.causeId < b.causeId ? -1 : a.causeId > b.causeId ? 1 : a.id < b.id ? -1 : 1));
  const causeIds = [...new Set(done.map((d) => d.causeId))];
  const info = await repos.settlements.causeInfo(causeIds);
  const told = new Set<string>();
  for (const donation of done) {
    const credit = await repos.settlements.creditCause(donation.causeId, donation.amount);
    const cause = info.get(donation.causeId);
    if (!cause) continue;
    if (!told.has(cause.id)) {
      told.add(cause.id);
      if (!(await repos.settlements.hasOtherGift(cause.id, payment.id))) {
        const gift = done.filter((d) => d.causeId === cause.id).reduce((sum, d) => sum + d.amount, 0);
        await repos.mail.queue(firstDonationMail(organizerAddress(cause), cause.name, gift, links.causeUrl(cause.id)));
        await repos.sms.queueForUser(cause.organizerId, {
          kind: 'cause_first_donation',
          text: firstGiftSms(organizerAddress(cause).locale, { causeTitle: cause.name, amount: gift, link: links.causeUrl(cause.id) }),
        });
      }
    }
    if (credit?.completedNow) {
      await repos.mail.queue(goalReachedMail(organizerAddress(cause), cause.name, links.causeUrl(cause.id)));
      await repos.sms.queueForUser(cause.organizerId, {
        kind: 'cause_goal_reached',
        text: goalReachedSms(organizerAddress(cause).locale, { causeTitle: cause.name, link: links.causeUrl(cause.id) }),
      });
    }
    const values = { amount: formatGhs(donation.amount), cause: cause.name, donor: donation.donorName.trim() };
    await repos.notifications.toUser(cause.organizerId, {
      title: english('server.notice.newDonation.title'),
      message: donation.isAnonymous
        ? english('server.notice.newDonation.anonymous', values)
        : values.donor
          ? english('server.notice.newDonation.named', values)
          : english('server.notice.newDonation.someone', values),
      causeId: cause.id,
    });
    if (donation.donorId) {
      await repos.notifications.toUser(donation.donorId, {
        title: english('server.notice.donationConfirmed.title'),
        message: english('server.notice.donationConfirmed.message', values),
        causeId: cause.id,
      });
    }
  }
  if (payment.cartId) await repos.settlements.clearPaidCartLines(payment.cartId, causeIds);
  const donor = done[0];
  // The donor's own choice on their account, else the language the gift was made in.
  const locale = localeOf(await repos.users.localeOf(payment.userId), payment.locale);
  await repos.mail.queue(
    receiptMail({
      to: payment.email,
      donorName: donor.donorName.trim() || `${donor.firstName} ${donor.lastName}`.trim(),
      reference: payment.reference,
      date: payment.completedAt ?? new Date(),
      lines: done.map((d) => ({ causeTitle: info.get(d.causeId)?.name ?? 'A cause', amount: d.amount })),
      total: done.reduce((sum, d) => sum + d.amount, 0),
      method: done.find((d) => d.paymentMethod)?.paymentMethod ?? null,
      anonymous: done.some((d) => d.isAnonymous),
      receiptUrl: links.receiptUrl(payment.reference, locale),
      locale,
    }),
  );
  // Texted only when the donor ticked "Text me" with a number that still agrees (checked in the INSERT); in the
  // receipt mail's language (a USSD gift's payment carries the language picked on the phone's menu).
  const smsPhone = done.find((d) => d.smsPhone)?.smsPhone;
  if (smsPhone) {
    await repos.sms.queue(smsPhone, {
      kind: 'receipt',
      text: receiptSms(locale, {
        amount: done.reduce((sum, d) => sum + d.amount, 0),
        causeTitle: info.get(donor.causeId)?.name ?? 'a cause',
        otherCauses: causeIds.length - 1,
        reference: payment.reference,
        link: links.receiptShortUrl(payment.reference),
      }),
    });
  }
  return payment;
}

/** Applies a provider's answer to our payment exactly once; null for an unknown reference. */
export async function settlePayment(
  repos: Repos,
  reference: string,
  result: ProviderResult,
  links: SettlementLinks,
): Promise<SettleOutcome | null> {
  if (result.status === 'pending') {
    const row = await repos.settlements.payment({ reference });
    return row ? { payment: row, changed: false } : null;
  }
  const allowed = SETTLEABLE[result.status];
  return repos.transaction(async (tx) => {
    // A resent mobile money prompt shares its gift with other payments: their settlements queue on the chain's first row.
    await tx.mobileCharges.lockChain(reference);
    // Decided in SQL from the row as it is at write time; the first writer wins, the rest get nothing back.
    const won = await tx.settlements.claim(reference, allowed, result.status, result.providerStatus, result.channel ?? null);
    if (!won) {
      const row = await tx.settlements.payment({ reference });
      return row ? { payment: row, changed: false } : null;
    }
    if (result.status !== 'success') {
      await tx.settlements.moveDonations(won.id, ['pending'], result.status);
      await subscriptionSettled(tx, won);
      await tx.mobileCharges.signalSettled(won, 'failed', result.reason ?? null);
      return { payment: won, changed: true };
    }
    // Paid: the gift's donations come back from a newer prompt of the same gift, which can no longer be credited.
    await tx.mobileCharges.takeBack(won);
    const problem = mismatch(won, result);
    const payment = problem ? await flag(tx, won, problem, result) : await creditDonations(tx, won, result, links);
    // A monthly gift's month: activate it, schedule the next one (same transaction, so once).
    await subscriptionSettled(tx, payment);
    if (payment.status === 'success')
      await tx.mobileCharges.signalSettled(
        payment,
        'success',
        english('server.mobileMoney.received', { amount: formatGhs(payment.amount) }),
      );
    return { payment, changed: true };
  });
}
