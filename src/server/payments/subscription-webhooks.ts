/**
 * Paystack's subscription events (https://paystack.com/docs/payments/subscriptions/#listening-for-subscription-events),
 * after the webhook route checked the signature:
 *  - subscription.create: Paystack made the subscription after the first charge; we keep its code
 *    and email token (cancelling needs both). A gift cancelled here meanwhile is disabled there at once.
 *  - charge.success for a reference we never issued, carrying a plan: a later month. We open that
 *    month's payment under Paystack's reference (a second delivery finds it) and verify it with
 *    Paystack like every payment; settlePayment credits it once.
 *  - invoice.payment_failed: the month could not be charged. No money moved, so the signed event is
 *    enough to record the failed month (keyed by its transaction reference or invoice code) and
 *    tell the donor, once.
 *  - subscription.disable / subscription.not_renew: stopped at Paystack; stopped here too.
 */
import type { FastifyInstance } from 'fastify';
import { REFERENCE_PATTERN } from './reference';
import { refreshPayment } from './service';
import { settlePayment } from './settle';
import { openMonthCharge } from './subscription-charges';

export interface SubscriptionEventData {
  reference?: string;
  subscription_code?: string;
  email_token?: string;
  next_payment_date?: string | null;
  invoice_code?: string;
  plan?: string | { plan_code?: string } | null;
  subscription?: { subscription_code?: string; email_token?: string } | null;
  transaction?: { reference?: string } | null;
}

const planOf = (data: SubscriptionEventData) => (typeof data.plan === 'string' ? data.plan : data.plan?.plan_code) || null;

function dateOrNull(value: string | null | undefined): Date | null {
  const date = value ? new Date(value) : null;
  return date && !Number.isNaN(date.getTime()) ? date : null;
}

/** True when the event was a subscription event (handled here), false to let the caller go on. */
export async function handleSubscriptionEvent(app: FastifyInstance, event: string, data: SubscriptionEventData): Promise<boolean> {
  if (event === 'subscription.create') {
    const plan = planOf(data);
    const subscription = plan ? await app.repos.subscriptions.find({ planCode: plan }) : null;
    if (!subscription || !data.subscription_code) return true;
    await app.repos.subscriptions.linkProvider(
      subscription.id,
      data.subscription_code,
      data.email_token ?? null,
      dateOrNull(data.next_payment_date),
    );
    if (subscription.status === 'cancelled') await app.payments.disableSubscription(data.subscription_code, data.email_token ?? null);
    return true;
  }
  if (event === 'subscription.disable' || event === 'subscription.not_renew') {
    const subscription = data.subscription_code ? await app.repos.subscriptions.find({ providerCode: data.subscription_code }) : null;
    if (subscription) await app.repos.subscriptions.cancel(subscription.id);
    return true;
  }
  if (event === 'invoice.payment_failed') {
    const code = data.subscription?.subscription_code;
    const subscription = code ? await app.repos.subscriptions.find({ providerCode: code }) : null;
    const reference = data.transaction?.reference || data.invoice_code;
    if (!subscription || !reference || !REFERENCE_PATTERN.test(reference)) return true;
    const period = (await app.repos.subscriptions.lastPeriod(subscription.id)) + 1;
    await openMonthCharge(app.repos, subscription, period, reference);
    await settlePayment(app.repos, reference, { status: 'failed', amount: null, currency: null, providerStatus: event }, app.receiptLinks);
    return true;
  }
  if (event === 'charge.success' && data.reference && planOf(data)) {
    if (await app.repos.payments.findByReference(data.reference)) return false; // ours (a first checkout): the usual path
    const subscription = await app.repos.subscriptions.find({ planCode: planOf(data)! });
    if (!subscription || !REFERENCE_PATTERN.test(data.reference)) return false;
    const period = (await app.repos.subscriptions.lastPeriod(subscription.id)) + 1;
    await openMonthCharge(app.repos, subscription, period, data.reference);
    await refreshPayment(app, data.reference, true);
    return true;
  }
  return false;
}
