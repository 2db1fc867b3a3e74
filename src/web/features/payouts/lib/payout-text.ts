import type { WithdrawalDetails, WithdrawalStatus } from '../../../../shared/contract/payouts';
import { formatGhs, parseAmount, type Pesewas } from '../../../../shared/money';
import type { WebMessageId } from '../../../../shared/i18n/message-ids.gen';
import type { PAYOUT_METHOD_LABELS } from '../../../../shared/payment-methods';
import { t, type Translate } from '../../../lib/i18n';

export const STATUS_LABELS: Record<WithdrawalStatus, WebMessageId> = {
  awaiting_treasurers: 'payouts.status.awaitingTreasurers',
  requested: 'payouts.status.requested',
  approved: 'payouts.status.approved',
  processing: 'payouts.status.processing',
  paid: 'payouts.status.paid',
  failed: 'payouts.status.failed',
  rejected: 'payouts.status.rejected',
};

/** How a payout method reads on screen (the shared module keeps the codes); an unknown one reads as given. */
const PAYOUT_METHODS: Record<keyof typeof PAYOUT_METHOD_LABELS, WebMessageId> = {
  bank: 'payouts.method.bank',
  mobile_money: 'payouts.method.mobileMoney',
};

export function payoutMethodText(translate: Translate, method: string): string {
  return Object.hasOwn(PAYOUT_METHODS, method) ? translate(PAYOUT_METHODS[method as keyof typeof PAYOUT_METHODS]) : method;
}

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
  if (!text) return { error: t('payouts.amount.empty') };
  const pesewas = parseAmount(text);
  if (pesewas === null) {
    return /^\d*\.\d{3,}$/.test(text) ? { error: t('payouts.amount.decimals') } : { error: t('payouts.amount.format') };
  }
  if (pesewas <= 0) return { error: t('payouts.amount.positive') };
  if (pesewas > available) return { error: t('payouts.amount.tooMuch', { amount: formatGhs(available) }) };
  return { pesewas };
}
