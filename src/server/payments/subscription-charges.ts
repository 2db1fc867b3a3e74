/**
 * A monthly gift's months as payments. Each month is one payment keyed by (subscription, period):
 * asking for the same month again — a repeated sandbox request, a webhook delivered twice —
 * finds that payment instead of making a second, and settlePayment credits it exactly once.
 */
import type { ServerMessageId } from '../../shared/i18n/message-ids.gen';
import { english } from '../lib/localize';
import type { Repos } from '../repositories/repos';
import type { DonorInfo } from '../repositories/payments';
import type { PaymentRow } from '../repositories/settlements';
import type { SubscriptionRow } from '../repositories/subscriptions';

export const CHARGE_FAILED_TITLE = english('server.notice.chargeFailed.title');

/** PostgreSQL's unique_violation, however the driver wraps it. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return true;
  }
  return false;
}

/** The payment for month `period` of the gift, created with its pending donations unless it exists already. */
export async function openMonthCharge(
  repos: Repos,
  subscription: SubscriptionRow,
  period: number,
  reference: string,
): Promise<{ payment: PaymentRow; created: boolean }> {
  const existing = (await repos.payments.findByReference(reference)) ?? (await repos.subscriptions.charge(subscription.id, period));
  if (existing) return { payment: existing, created: false };
  const lines = (await repos.subscriptions.lines([subscription.id])).get(subscription.id) ?? [];
  try {
    const { payment } = await repos.payments.createWithDonations(
      {
        reference,
        provider: subscription.provider,
        email: subscription.email,
        userId: subscription.userId,
        cartId: null,
        subscriptionId: subscription.id,
        subscriptionPeriod: period,
      },
      subscription.donor as DonorInfo,
      lines.map(({ causeId, amount }) => ({ causeId, amount })),
    );
    return { payment, created: true };
  } catch (error) {
    // Someone else opened this month (or this reference) at the same moment: theirs is the one.
    if (!isUniqueViolation(error)) throw error;
    const theirs = (await repos.payments.findByReference(reference)) ?? (await repos.subscriptions.charge(subscription.id, period));
    if (!theirs) throw error;
    return { payment: theirs, created: false };
  }
}

/**
 * Called by settlePayment in the transaction that won a subscription's payment: a paid month
 * activates the gift and moves its next charge a month on; a failed later month tells the donor
 * (a failed first checkout is shown to the donor on the payment page already).
 */
export async function subscriptionSettled(repos: Repos, payment: PaymentRow): Promise<void> {
  if (!payment.subscriptionId) return;
  if (payment.status === 'success') {
    await repos.subscriptions.charged(payment.subscriptionId);
    return;
  }
  if (payment.status !== 'failed' || (payment.subscriptionPeriod ?? 1) <= 1) return;
  const subscription = await repos.subscriptions.find({ id: payment.subscriptionId });
  if (!subscription) return;
  await tellGiftDonor(repos, subscription, {
    title: CHARGE_FAILED_TITLE,
    named: 'server.notice.chargeFailed.message',
    unnamed: 'server.notice.chargeFailed.messageUnnamed',
  });
}

/** A gift donor's notice: its title, and its sentence with the gift's causes named or (none left) without them. */
export interface GiftNotice {
  title: string;
  named: ServerMessageId;
  unnamed: ServerMessageId;
}

/** A notification to the gift's donor naming its causes ("A", "B"), linked to its first cause. */
export async function tellGiftDonor(repos: Repos, subscription: SubscriptionRow, notice: GiftNotice): Promise<void> {
  const lines = (await repos.subscriptions.lines([subscription.id])).get(subscription.id) ?? [];
  const causes = lines.map((l) => `"${l.causeTitle}"`).join(', ');
  await repos.notifications.toUser(subscription.userId, {
    title: notice.title,
    message: causes ? english(notice.named, { causes }) : english(notice.unnamed),
    causeId: lines[0]?.causeId ?? null,
  });
}
