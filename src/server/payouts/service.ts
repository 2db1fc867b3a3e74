/**
 * Moving an approved withdrawal's money: requested → approved → processing → paid | failed.
 *
 * - The transfer always carries OUR reference (withdrawals.reference, made at request time).
 *   A retry never makes a new one: it first asks the provider about that reference
 *   (getTransfer) and sends the transfer again only when the provider never received it;
 *   a provider that sees a reference twice refuses the second transfer.
 * - A conclusive answer settles (paid, or failed with the reason: the money is available
 *   again). No answer (network error, 5xx, queued) leaves it processing for a retry,
 *   a verify, or the provider's transfer.* webhook.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { WithdrawalDetails } from '../../shared/contract/payouts';
import { ProviderError, type TransferResult } from '../payments/provider';
import type { WithdrawalRow } from '../repositories/withdrawals';
import { moveWithdrawal } from './move-withdrawal';

/** 'bfw-' + 24 lowercase base32-ish characters: Paystack wants lowercase letters, digits, - and _. */
export function newWithdrawalReference(): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz234567';
  return `bfw-${[...randomBytes(24)].map((b) => alphabet[b & 31]).join('')}`;
}

const repo = (app: FastifyInstance) => app.repos.withdrawals;

/** Applies a conclusive provider answer once (guarded UPDATEs); pending only records the provider's word. */
export async function applyTransferResult(app: FastifyInstance, row: WithdrawalRow, result: TransferResult): Promise<WithdrawalRow> {
  const withdrawals = repo(app);
  const seen = { providerStatus: result.providerStatus, transferCode: result.transferCode ?? row.transferCode };
  if (result.status === 'success') {
    const paid = await moveWithdrawal(app, { id: row.id }, ['processing'], 'paid', { ...seen, paidAt: new Date(), failureReason: null });
    return paid ?? (await withdrawals.findByReference(row.reference))!;
  }
  if (result.status === 'failed') {
    // A reversal can come after we recorded the payout: the money came back, so it is available again.
    const from: WithdrawalRow['status'][] = result.providerStatus === 'reversed' ? ['processing', 'paid'] : ['processing'];
    const failed = await moveWithdrawal(app, { id: row.id }, from, 'failed', {
      ...seen,
      paidAt: null,
      failureReason: result.reason ?? 'The transfer did not go through.',
    });
    return failed ?? (await withdrawals.findByReference(row.reference))!;
  }
  if (row.status === 'processing') await withdrawals.note(row.id, seen);
  return (await withdrawals.findByReference(row.reference))!;
}

function recipientFor(details: WithdrawalDetails) {
  return details.type === 'bank'
    ? { type: 'bank' as const, name: details.account_name, accountNumber: details.account_number, bankCode: details.bank_code }
    : { type: 'mobile_money' as const, name: details.account_name, accountNumber: details.phone_number, bankCode: details.provider };
}

/**
 * Sends (or re-checks) the transfer of an approved or processing withdrawal. Safe to call
 * again at any time: with the same reference, a second call can only find the first transfer.
 */
export async function processWithdrawal(app: FastifyInstance, id: string, causeTitle: string): Promise<WithdrawalRow> {
  const withdrawals = repo(app);
  let row = (await withdrawals.findView(id))!;
  if (row.status === 'approved') {
    row = {
      ...row,
      ...((await withdrawals.transition({ id }, ['approved'], 'processing', {}, null)) ?? (await withdrawals.findView(id))!),
    };
  }
  if (row.status !== 'processing') return row;
  const provider = app.payments;
  try {
    if (row.providerStatus !== null) {
      // Tried before: the provider may have it already. Never send a second transfer.
      const known = await provider.getTransfer(row.reference);
      if (known) return applyTransferResult(app, row, known);
    }
    let recipient = row.recipientCode;
    if (!recipient) {
      recipient = (await provider.createTransferRecipient(recipientFor(row.destination as WithdrawalDetails))).recipientCode;
    }
    await withdrawals.note(id, { recipientCode: recipient, providerStatus: 'sending' });
    const result = await provider.initiateTransfer({
      amount: row.amount,
      recipient,
      reference: row.reference,
      reason: `Boafo payout: ${causeTitle}`.slice(0, 100),
    });
    return applyTransferResult(app, { ...row, recipientCode: recipient }, result);
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    app.log.warn({ err: error, reference: row.reference }, 'Payout transfer not confirmed');
    if (error.definite) {
      // Refused for sure, unless a transfer under our reference exists after all.
      const known = await provider.getTransfer(row.reference).catch(() => undefined);
      if (known) return applyTransferResult(app, row, known);
      if (known === null) {
        return applyTransferResult(app, row, {
          status: 'failed',
          providerStatus: 'refused',
          transferCode: null,
          reason: `The payment provider refused the transfer. ${error.message}`,
        });
      }
    }
    await withdrawals.note(id, { providerStatus: `unconfirmed: ${error.message}`.slice(0, 300) });
    return (await withdrawals.findByReference(row.reference))!;
  }
}

/**
 * The provider said something happened to a transfer (webhook): ask it ourselves and settle.
 * Unknown references and unreachable providers change nothing.
 */
export async function refreshWithdrawal(app: FastifyInstance, reference: string): Promise<WithdrawalRow | null> {
  const row = await repo(app).findByReference(reference);
  if (!row || (row.status !== 'processing' && row.status !== 'paid')) return row;
  try {
    const known = await app.payments.getTransfer(reference);
    return known ? await applyTransferResult(app, row, known) : row;
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    app.log.warn({ err: error, reference }, 'Payment provider unreachable while verifying a transfer');
    return row;
  }
}
