/**
 * Monthly gifts: starting one (a plan at the provider, our subscription, and its first month as
 * an ordinary checkout) and cancelling one. Each month's payment is settled by settlePayment like
 * any other; subscription-charges.ts keys the months.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { PaymentStart } from '../../shared/contract/cart';
import type { SubscriptionSummary } from '../../shared/contract/subscriptions';
import { toDecimalString } from '../../shared/money';
import { ApiError, validationError } from '../lib/api-error';
import type { DonorInfo } from '../repositories/payments';
import type { SubscriptionRow, SubscriptionView } from '../repositories/subscriptions';
import type { AuthUser } from '../lib/tokens';
import { ProviderError } from './provider';
import { newPaymentReference } from './reference';
import { launchPayment, START_FAILED } from './service';
import { tellGiftDonor } from './subscription-charges';
import { localeOfRequest } from '../lib/i18n';
import { english } from '../lib/localize';

export const MONTHLY_NEEDS_ACCOUNT = english('errors.monthly.needsAccount');
const MONTHLY_CARD_ONLY = english('errors.monthly.cardOnly');

/** 'bfs-' + 24 base32 characters: unguessable, and allowed wherever a payment reference is. */
export const newSubscriptionCode = () => `bfs-${newPaymentReference().slice(3)}`;

/** Starts a monthly gift; its first month is this checkout. */
export async function startMonthly(
  app: FastifyInstance,
  request: FastifyRequest,
  user: AuthUser | null,
  donor: DonorInfo,
  lines: { causeId: string; amount: number }[],
  cartId: string | null,
): Promise<PaymentStart & { subscription_code: string }> {
  if (!user) throw new ApiError(401, 'not_authenticated', MONTHLY_NEEDS_ACCOUNT);
  if (!app.payments.supportsMonthly(donor.paymentMethod)) throw validationError({ payment_method: [MONTHLY_CARD_ONLY] }, MONTHLY_CARD_ONLY);
  const code = newSubscriptionCode();
  const amount = lines.reduce((sum, line) => sum + line.amount, 0);
  let planCode: string;
  try {
    ({ planCode } = await app.payments.createPlan({ name: `Boafo monthly gift ${code}`, amount }));
  } catch (error) {
    request.log.warn({ err: error }, 'Payment provider refused to create a monthly plan');
    throw new ApiError(502, 'server_error', START_FAILED);
  }
  const { subscription, payment, donationIds } = await app.repos.transaction(async (tx) => {
    const subscription = await tx.subscriptions.create(
      {
        code,
        userId: user.id,
        email: donor.email,
        provider: app.payments.name,
        amount,
        paymentMethod: donor.paymentMethod,
        donor,
        planCode,
      },
      lines,
    );
    const created = await tx.payments.createWithDonations(
      {
        reference: newPaymentReference(),
        provider: app.payments.name,
        email: donor.email,
        userId: user.id,
        cartId,
        subscriptionId: subscription.id,
        subscriptionPeriod: 1,
        locale: localeOfRequest(request.headers),
      },
      donor,
      lines,
    );
    return { subscription, ...created };
  });
  try {
    const start = await launchPayment(app, request, payment, donationIds, false, planCode);
    return { ...start, subscription_code: subscription.code };
  } catch (error) {
    // Never started: a gift nobody can pay must not wait in the donor's list as if it might.
    await app.repos.subscriptions.cancel(subscription.id);
    throw error;
  }
}

/**
 * Stops the gift at the provider, then here. Cancelling a cancelled gift changes nothing (204
 * again). A provider that cannot be reached leaves it active (502): we never show "cancelled"
 * while the provider may still charge the card.
 */
export async function cancelMonthly(app: FastifyInstance, subscription: SubscriptionRow): Promise<SubscriptionRow | null> {
  if (subscription.status === 'cancelled') return null;
  if (subscription.providerCode) {
    try {
      await app.payments.disableSubscription(subscription.providerCode, subscription.providerToken);
    } catch (error) {
      // A definite refusal means the provider has no active subscription under that code: nothing left to stop.
      if (!(error instanceof ProviderError) || !error.definite) {
        app.log.warn({ err: error, code: subscription.code }, 'Payment provider did not confirm cancelling a subscription');
        throw new ApiError(502, 'server_error', english('errors.monthly.cancelFailed'));
      }
    }
  }
  return app.repos.subscriptions.cancel(subscription.id);
}

export const GIFT_STOPPED_TITLE = english('server.notice.giftStopped.title');

/**
 * The sweeper's part: gifts naming a cause that no longer takes donations are cancelled at the
 * provider and here, and their donor is told once (only the process whose cancel wins tells). A
 * provider that cannot be reached leaves the gift for the next sweep.
 */
export async function stopGiftsForEndedCauses(app: FastifyInstance, limit: number): Promise<number> {
  let stopped = 0;
  for (const gift of await app.repos.subscriptions.withEndedCause(limit)) {
    try {
      const cancelled = await cancelMonthly(app, gift);
      if (!cancelled) continue;
      stopped += 1;
      await tellGiftDonor(app.repos, gift, {
        title: GIFT_STOPPED_TITLE,
        named: 'server.notice.giftStopped.message',
        unnamed: 'server.notice.giftStopped.messageUnnamed',
      });
    } catch (error) {
      app.log.warn({ err: error, code: gift.code }, 'Could not stop a monthly gift for an ended cause; tried again next sweep');
    }
  }
  return stopped;
}

export function subscriptionSummary(view: SubscriptionView): SubscriptionSummary {
  const { subscription: s } = view;
  return {
    code: s.code,
    status: s.status,
    interval: 'monthly',
    total_amount: toDecimalString(s.amount),
    causes: view.lines.map((l) => ({ cause_id: l.causeId, cause_title: l.causeTitle, amount: toDecimalString(l.amount) })),
    payment_method: s.paymentMethod ?? null,
    next_charge_at: s.nextChargeAt?.toISOString() ?? null,
    charges: view.charges,
    created_at: s.createdAt.toISOString(),
    cancelled_at: s.cancelledAt?.toISOString() ?? null,
  };
}
