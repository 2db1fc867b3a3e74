/**
 * Refunding a completed donation, in full or in part, through the provider's refund API.
 *
 * 1. One transaction ending under the cause's row lock (the lock withdrawal requests take): check the
 *    donation, take the amount off it and off the cause's raised amount, recompute the balance and
 *    roll everything back when available would fall below zero; record the refund as pending.
 *    A pending refund already counts, so no withdrawal or other refund can spend that money.
 * 2. Ask the provider (the sandbox pays back at once).
 * 3. Its answer, a later webhook (refreshRefunds) or both settle the refund through one guarded
 *    UPDATE … WHERE status = 'pending': processed tells the donor, failed gives the money back.
 *    Whichever comes first wins; the other changes nothing.
 */
import type { FastifyInstance } from 'fastify';
import { formatGhs } from '../../shared/money';
import type { Repos } from '../repositories/repos';
import type { RefundRow } from '../repositories/refunds';
import { ProviderError, type RefundResult } from './provider';
import { newRefundReference } from './reference';
import { english } from '../lib/localize';

export interface RefundRequest {
  donationId: string;
  /** Pesewas; null = everything not yet refunded. */
  amount: number | null;
  requestedBy: string;
  /** The organizer's path: the donation must belong to this cause. */
  causeId?: string;
}

export type RefundOutcome =
  | { kind: 'ok'; refund: RefundRow }
  | { kind: 'not_found' }
  | { kind: 'not_refundable'; detail: string }
  | { kind: 'too_much'; refundable: number }
  | { kind: 'insufficient'; available: number }
  | { kind: 'provider_refused'; message: string };

class Abort extends Error {
  constructor(readonly outcome: RefundOutcome) {
    super(outcome.kind);
  }
}

/**
 * Step 1: everything or nothing. Locks in the order settling a payment takes them (the donation,
 * the counter rows its trigger updates, then the cause), so the two never deadlock; the balance is
 * read after the cause lock, so it sees every withdrawal and refund committed before.
 */
async function reserve(repos: Repos, request: RefundRequest, attempt = 1): Promise<RefundOutcome> {
  try {
    return await repos.transaction(async (tx) => {
      const donation = await tx.refunds.lockDonation(request.donationId);
      if (!donation || (request.causeId !== undefined && donation.causeId !== request.causeId)) return { kind: 'not_found' } as const;
      if (donation.status === 'refunded') return { kind: 'not_refundable', detail: english('errors.refund.alreadyRefunded') } as const;
      if (donation.status !== 'completed') return { kind: 'not_refundable', detail: english('errors.refund.onlyCompleted') } as const;
      const refundable = donation.amount - donation.refundedAmount;
      const amount = request.amount ?? refundable;
      if (amount > refundable) return { kind: 'too_much', refundable } as const;

      await tx.refunds.take(donation.id, amount);
      await tx.refunds.lockCause(donation.causeId);
      await tx.refunds.moveRaised(donation.causeId, -amount);
      // The balance after the refund, from the same rows the withdrawal request reads.
      const balance = await tx.withdrawals.balance(donation.causeId);
      if (balance.available < 0) throw new Abort({ kind: 'insufficient', available: balance.available + amount });
      const refund = await tx.refunds.insert({
        donationId: donation.id,
        causeId: donation.causeId,
        amount,
        reference: newRefundReference(),
        paymentReference: donation.reference,
        requestedBy: request.requestedBy,
      });
      return { kind: 'ok', refund } as const;
    });
  } catch (error) {
    if (error instanceof Abort) return error.outcome;
    // Nothing left the building yet: a deadlock PostgreSQL broke (a rare three-way with settling
    // payments on the counter rows) is safe to run again.
    if (attempt < 3 && pgCode(error) === '40P01') return reserve(repos, request, attempt + 1);
    throw error;
  }
}

function pgCode(error: unknown): string | undefined {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (typeof e.code === 'string') return e.code;
  }
  return undefined;
}

/** The provider paid it back: pending → processed and the donor is told, once. */
export async function completeRefund(repos: Repos, refundId: string, providerStatus: string): Promise<RefundRow | null> {
  return repos.transaction(async (tx) => {
    const won = await tx.refunds.markProcessed(refundId, providerStatus);
    if (!won) return null;
    const donation = await tx.refunds.donation(won.donationId);
    const cause = (await tx.settlements.causeInfo([won.causeId])).get(won.causeId);
    // An admin's refund takes money from the organizer's balance: they hear of it.
    if (cause && won.requestedBy !== cause.organizerId) {
      await tx.notifications.toUser(cause.organizerId, {
        title: english('server.notice.donationRefunded.title'),
        message: english('server.notice.donationRefunded.byAdmin', { amount: formatGhs(won.amount), cause: cause.name }),
        causeId: won.causeId,
      });
    }
    if (donation?.donorId) {
      const whole = donation.refundedAmount === donation.amount && won.amount === donation.amount;
      const values = { part: formatGhs(won.amount), amount: formatGhs(donation.amount), cause: cause?.name };
      const message = whole
        ? cause
          ? english('server.notice.donationRefunded.whole', values)
          : english('server.notice.donationRefunded.wholeUnnamed', values)
        : cause
          ? english('server.notice.donationRefunded.part', values)
          : english('server.notice.donationRefunded.partUnnamed', values);
      await tx.notifications.toUser(donation.donorId, {
        title: english('server.notice.donationRefunded.title'),
        message,
        causeId: won.causeId,
      });
    }
    return won;
  });
}

/** The provider will not pay it back: pending → failed and the money counts for the cause again, once. */
export async function failRefund(repos: Repos, refundId: string, providerStatus: string, reason: string): Promise<RefundRow | null> {
  return repos.transaction(async (tx) => {
    const won = await tx.refunds.markFailed(refundId, providerStatus, reason);
    if (!won) return null;
    // Donation before cause, like reserve(); giving money back can only raise the balance.
    await tx.refunds.giveBack(won);
    await tx.refunds.lockCause(won.causeId);
    await tx.refunds.moveRaised(won.causeId, won.amount);
    return won;
  });
}

/** Steps 2–3 for one refund with the provider's answer. */
async function apply(repos: Repos, refund: RefundRow, result: RefundResult): Promise<void> {
  if (result.providerReference) await repos.refunds.attachProviderReference(refund.id, result.providerReference, result.providerStatus);
  if (result.status === 'processed') await completeRefund(repos, refund.id, result.providerStatus);
  if (result.status === 'failed') await failRefund(repos, refund.id, result.providerStatus, 'The provider could not refund it.');
}

export async function refundDonation(app: FastifyInstance, request: RefundRequest): Promise<RefundOutcome> {
  const reserved = await reserve(app.repos, request);
  if (reserved.kind !== 'ok') return reserved;
  const refund = reserved.refund;
  let result: RefundResult;
  try {
    result = await app.payments.refund(refund.paymentReference ?? '', refund.amount);
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    if (error.definite) {
      await failRefund(app.repos, refund.id, 'refused', error.message);
      return { kind: 'provider_refused', message: error.message };
    }
    // Unknown outcome (network, 5xx): it stays pending and the provider's webhook settles it.
    app.log.warn({ refund: refund.reference, err: error.message }, 'Refund outcome unknown; waiting for the provider');
    return { kind: 'ok', refund: (await app.repos.refunds.find(refund.id))! };
  }
  await apply(app.repos, refund, result);
  return { kind: 'ok', refund: (await app.repos.refunds.find(refund.id))! };
}

/**
 * A refund.* webhook named this transaction: ask the provider about each of its refunds still
 * pending (the event body never decides) and settle what it says. Refunds whose provider id we
 * have not stored yet are settled by the call that asked for them.
 */
export async function refreshRefunds(app: FastifyInstance, paymentReference: string): Promise<number> {
  const pending = await app.repos.refunds.pendingForPayment(paymentReference);
  for (const refund of pending) {
    if (!refund.providerReference) continue;
    const result = await app.payments.getRefund(refund.providerReference);
    if (result) await apply(app.repos, refund, { ...result, providerReference: refund.providerReference });
  }
  return pending.length;
}
