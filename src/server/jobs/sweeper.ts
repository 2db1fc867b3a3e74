/**
 * The money sweeper: nothing stays stuck because a browser went away or a provider answer was lost.
 *
 * - Payments still pending PAYMENT_RECHECK_AFTER_SECONDS after they started (the donor closed
 *   the tab at the provider, the webhook never came) are verified with the provider and
 *   settled through settlePayment, the one exactly-once path. One the provider still calls
 *   unpaid (pending, abandoned, or never heard of) stays pending until PAYMENT_ABANDON_AFTER_SECONDS
 *   and is then marked abandoned (pay-window.ts, the rule verify uses too); a success confirmed
 *   later still credits it (settle.ts).
 * - Withdrawals left approved or processing are re-checked with processWithdrawal: it asks the
 *   provider about our reference first and never sends a second transfer.
 *
 * - Active causes past their end date close (cause-deadlines.ts) and their people are told.
 *
 * Work is claimed in the database (repositories/sweep-claims.ts), so any number of processes
 * can sweep the same database; plugins/app/sweeper.ts runs it on a timer.
 */
import type { FastifyInstance } from 'fastify';
import { processWithdrawal } from '../payouts/service';
import { sweepDeadlines } from './cause-deadlines';
import { ProviderError } from '../payments/provider';
import { applyProviderAnswer } from '../payments/service';
import { stopGiftsForEndedCauses } from '../payments/subscriptions';

/** Rows per kind per sweep: a backlog drains over a few sweeps instead of one long one. */
const BATCH = 50;

export interface SweepReport {
  paymentsChecked: number;
  /** Moved out of pending by the provider's answer (success, failed, abandoned, flagged). */
  paymentsSettled: number;
  /** No outcome from the provider within PAYMENT_ABANDON_AFTER_SECONDS. */
  paymentsExpired: number;
  withdrawalsChecked: number;
  /** Now paid or failed. */
  withdrawalsSettled: number;
  /** Active causes past their end date, closed (or completed) by this sweep. */
  causesEnded: number;
  /** Monthly gifts stopped because a cause in them no longer takes donations. */
  giftsStopped: number;
}

/** True once the process is shutting down: the sweep stops before its next item. */
type Stopping = () => boolean;

async function sweepPayments(app: FastifyInstance, report: SweepReport, stopping: Stopping): Promise<void> {
  const settings = app.config.sweeper;
  const claimed = await app.repos.sweepClaims.stalePayments(app.payments.name, settings.paymentRecheckSeconds, BATCH);
  for (const { reference, age } of claimed) {
    if (stopping()) return;
    report.paymentsChecked += 1;
    try {
      const payment = await app.repos.payments.findByReference(reference);
      if (!payment) continue;
      const answer = await app.payments.verify(reference);
      // The same pay window as a verify: unpaid ('pending' or Paystack's 'abandoned') stays open until the abandon age.
      const applied = await applyProviderAnswer(app, payment, answer, age);
      if (applied.expired) report.paymentsExpired += 1;
      else if (applied.changed) report.paymentsSettled += 1;
    } catch (error) {
      // One payment the provider cannot answer for must not stop the others; it is due again next period.
      const level = error instanceof ProviderError ? 'warn' : 'error';
      app.log[level]({ err: error, reference }, 'Sweeper could not re-verify a pending payment');
    }
  }
}

async function sweepWithdrawals(app: FastifyInstance, report: SweepReport, stopping: Stopping): Promise<void> {
  const repo = app.repos.withdrawals;
  const ids = await app.repos.sweepClaims.stuckWithdrawals(app.config.sweeper.withdrawalRecheckSeconds, BATCH);
  for (const id of ids) {
    if (stopping()) return;
    report.withdrawalsChecked += 1;
    try {
      const view = await repo.findView(id);
      if (!view) continue;
      const after = await processWithdrawal(app, id, view.causeTitle);
      if (after.status === 'paid' || after.status === 'failed') report.withdrawalsSettled += 1;
    } catch (error) {
      app.log.error({ err: error, withdrawal: id }, 'Sweeper could not re-check a withdrawal');
    }
  }
}

/**
 * One pass over everything that is due; safe to run in several processes at once. `stopping` is
 * asked before each item: a process shutting down finishes the item it is on and stops there.
 */
export async function sweepOnce(app: FastifyInstance, stopping: Stopping = () => false): Promise<SweepReport> {
  const report: SweepReport = {
    paymentsChecked: 0,
    paymentsSettled: 0,
    paymentsExpired: 0,
    withdrawalsChecked: 0,
    withdrawalsSettled: 0,
    causesEnded: 0,
    giftsStopped: 0,
  };
  await sweepPayments(app, report, stopping);
  if (!stopping()) await sweepWithdrawals(app, report, stopping);
  if (stopping()) return report;
  try {
    report.causesEnded = await sweepDeadlines(app);
  } catch (error) {
    // Rolled back with its messages: the cause is still active and due again next sweep.
    app.log.error({ err: error }, 'Sweeper could not end a cause past its end date');
  }
  // After the deadlines, so a cause that ended in this pass stops its monthly gifts in this pass too.
  report.giftsStopped = await stopGiftsForEndedCauses(app, BATCH);
  if (report.paymentsChecked + report.withdrawalsChecked + report.causesEnded + report.giftsStopped > 0) {
    app.log.info({ sweep: report }, 'Swept stuck payments, withdrawals, ended causes and their monthly gifts');
  }
  return report;
}
