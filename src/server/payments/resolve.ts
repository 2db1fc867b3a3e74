/**
 * An admin settles a flagged payment (the provider reported another amount or currency):
 *
 * - credit: the amount actually received (what the provider reported, or a GHS amount the
 *   admin states when the currency differed) is shared over the payment's donations in
 *   proportion to what each pledged (pledged_amount keeps the original), then credited by
 *   creditDonations, the same code settlePayment uses;
 * - refund: the donor was paid back outside Boafo; the donations become refunded, nothing is
 *   credited, and the public ledger says so.
 *
 * Exactly once: `UPDATE payments … WHERE id = $1 AND status = 'flagged' RETURNING` in the
 * transaction that does the rest decides the one winner; a repeat, concurrent or later,
 * finds the payment resolved and changes nothing.
 */
import { formatGhs } from '../../shared/money';
import type { SettlementLinks } from '../lib/receipt-links';
import { english } from '../lib/localize';
import type { Repos } from '../repositories/repos';
import type { SettledDonation } from '../repositories/settlements';
import { splitInProportion } from './amounts';
import { creditDonations, OPEN_DONATION, type PaymentRow } from './settle';

export type Resolution =
  | { action: 'credit'; adminId: string; note: string | null; /** Pesewas; null = what the provider reported. */ amount: number | null }
  | { action: 'refund'; adminId: string; note: string | null };

export type ResolveOutcome =
  | { kind: 'resolved'; payment: PaymentRow }
  | { kind: 'not_found' }
  | { kind: 'not_flagged'; payment: PaymentRow }
  /** Credit without an amount, and the provider gave none in GHS. */
  | { kind: 'amount_needed' }
  | { kind: 'nothing_to_credit' };

class Abort extends Error {
  constructor(readonly outcome: ResolveOutcome) {
    super(outcome.kind);
  }
}

/** The GHS amount to credit, or null when nobody said one. */
export function amountToCredit(payment: PaymentRow, requested: number | null): number | null {
  if (requested !== null) return requested;
  return payment.receivedCurrency === 'GHS' && payment.receivedAmount !== null && payment.receivedAmount > 0
    ? payment.receivedAmount
    : null;
}

export async function resolveFlaggedPayment(
  repos: Repos,
  paymentId: string,
  resolution: Resolution,
  links: SettlementLinks,
): Promise<ResolveOutcome> {
  try {
    return await repos.transaction(async (tx) => {
      const current = await tx.settlements.payment({ id: paymentId });
      if (!current) return { kind: 'not_found' } as const;
      const amount = resolution.action === 'credit' ? amountToCredit(current, resolution.amount) : null;
      if (resolution.action === 'credit' && amount === null) return { kind: 'amount_needed' } as const;

      const won = await tx.settlements.resolveFlagged(paymentId, resolution.action, resolution.adminId, resolution.note);
      if (!won) return { kind: 'not_flagged', payment: (await tx.settlements.payment({ id: paymentId }))! } as const;

      const open = await tx.settlements.openDonations(won.id);
      if (open.length === 0) throw new Abort({ kind: 'nothing_to_credit' });

      if (resolution.action === 'refund') {
        await tx.settlements.moveDonations(won.id, OPEN_DONATION, 'refunded');
        await tellDonorRefunded(tx, open);
        return { kind: 'resolved', payment: won } as const;
      }

      const shares = splitInProportion(
        amount!,
        open.map((d) => d.amount),
      );
      // Too little may arrive to give one of them anything: that one fails.
      for (const [i, donation] of open.entries()) await tx.settlements.reshareDonation(donation, shares[i]!);
      const payment = await creditDonations(tx, won, null, links);
      // creditDonations flags a payment it could not credit; that must not stand as a resolution.
      if (payment.status === 'flagged') throw new Abort({ kind: 'nothing_to_credit' });
      return { kind: 'resolved', payment: won } as const;
    });
  } catch (error) {
    if (error instanceof Abort) return error.outcome;
    throw error;
  }
}

/** Each signed-in donor of the payment hears their whole gift was paid back. */
async function tellDonorRefunded(repos: Repos, rows: SettledDonation[]) {
  const info = await repos.settlements.causeInfo([...new Set(rows.map((r) => r.causeId))]);
  for (const row of rows) {
    if (!row.donorId) continue;
    const cause = info.get(row.causeId)?.name;
    const values = { amount: formatGhs(row.amount), cause };
    await repos.notifications.toUser(row.donorId, {
      title: english('server.notice.donationRefunded.title'),
      message: cause
        ? english('server.notice.donationRefunded.whole', values)
        : english('server.notice.donationRefunded.wholeUnnamed', values),
      causeId: row.causeId,
    });
  }
}
