/**
 * What a payment method or a payout method is called wherever a person reads it: the
 * receipt, the statement, the history, the admin lists. Plain values, no imports.
 */

/** How a donor paid (payments.channel / donations.payment_method). */
export const PAYMENT_METHOD_LABELS = { card: 'Card', mobile_money: 'Mobile money' } as const;

/** Where an organizer's money goes (withdrawal details / withdrawals.method). */
export const PAYOUT_METHOD_LABELS = { bank: 'Bank transfer', mobile_money: 'Mobile money' } as const;

/** Either kind, for lists that mix them (a cause statement); unknown values read as given. */
export function methodLabel(method: string): string {
  return (PAYMENT_METHOD_LABELS as Record<string, string>)[method] ?? (PAYOUT_METHOD_LABELS as Record<string, string>)[method] ?? method;
}
