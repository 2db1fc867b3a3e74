import type { WithdrawalDetails, WithdrawalStatus } from '../../../../shared/contract/payouts';
import { formatGhs, parseAmount, type Pesewas } from '../../../../shared/money';

export const STATUS_LABELS: Record<WithdrawalStatus, string> = {
  awaiting_treasurers: 'Waiting for treasurers',
  requested: 'Waiting for review',
  approved: 'Approved',
  processing: 'Sending',
  paid: 'Paid',
  failed: 'Failed',
  rejected: 'Rejected',
};

/** "•••• 4567": the last four characters of an account or phone number. */
export function maskNumber(value: string): string {
  const clean = value.replace(/\s+/g, '');
  return clean.length <= 4 ? clean : `•••• ${clean.slice(-4)}`;
}

/** One line for a saved destination: "GCB Bank •••• 7890 (KOFI MENSAH)". */
export function destinationLine(details: WithdrawalDetails, masked = true): string {
  const number = details.type === 'bank' ? details.account_number : details.phone_number;
  const where = details.type === 'bank' ? details.bank_name || details.bank_code : details.provider_name || details.provider;
  return `${where} ${masked ? maskNumber(number) : number}`;
}

/** The profile's withdrawal_address when it has one of the two shapes, else null. */
export function asWithdrawalDetails(value: unknown): WithdrawalDetails | null {
  if (!value || typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  const text = (key: string) => (typeof v[key] === 'string' ? (v[key] as string) : '');
  if (v.type === 'bank' && text('bank_code') && text('account_number')) {
    return {
      type: 'bank',
      bank_code: text('bank_code'),
      bank_name: text('bank_name'),
      account_number: text('account_number'),
      account_name: text('account_name'),
    };
  }
  if (v.type === 'mobile_money' && text('provider') && text('phone_number')) {
    return {
      type: 'mobile_money',
      provider: text('provider'),
      provider_name: text('provider_name'),
      phone_number: text('phone_number'),
      account_name: text('account_name'),
    };
  }
  return null;
}

/** The request form's amount check: a message, or the amount in pesewas. */
export function checkWithdrawalAmount(input: string, available: Pesewas): { error: string } | { pesewas: Pesewas } {
  const text = input.trim();
  if (!text) return { error: 'Enter an amount.' };
  const pesewas = parseAmount(text);
  if (pesewas === null) {
    return /^\d*\.\d{3,}$/.test(text)
      ? { error: 'Use at most 2 decimal places (pesewas).' }
      : { error: 'Enter an amount in cedis, for example 150 or 150.50.' };
  }
  if (pesewas <= 0) return { error: 'Enter an amount greater than GH₵0.00.' };
  if (pesewas > available) return { error: `The most you can withdraw now is ${formatGhs(available)}.` };
  return { pesewas };
}
