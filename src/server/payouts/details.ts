/**
 * Withdrawal details (the profile's withdrawal_address): checked and normalised before
 * they are saved. A bank account must resolve at the provider, and the account name is
 * the provider's answer, never the client's. Mobile money: a known network, a Ghanaian
 * mobile number (stored as 233XXXXXXXXX) and the account holder's name.
 */
import type { FastifyInstance } from 'fastify';
import type { WithdrawalDetails } from '../../shared/contract/payouts';
import { ApiError } from '../lib/api-error';
import { ProviderError } from '../payments/provider';
import { findInstitution } from './directory';
import { normaliseGhanaMobile } from '../../shared/phone';
import { english } from '../lib/localize';

export const ACCOUNT_NOT_FOUND = english('errors.payout.accountNotFound');
export const UNKNOWN_BANK = english('errors.payout.unknownBank');
export const UNKNOWN_NETWORK = english('errors.payout.unknownNetwork');
export const BAD_PHONE = english('errors.payout.badPhone');
export const BAD_ACCOUNT_NUMBER = english('errors.payout.badAccountNumber');
export const NAME_REQUIRED = english('errors.payout.nameRequired');
export const BAD_TYPE = english('errors.payout.badType');
export const PROVIDER_DOWN = english('errors.payout.providerDown');

const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '');

/** Digits only (spaces and dashes removed), 6 to 20 of them; null otherwise. */
export function cleanAccountNumber(input: string): string | null {
  const compact = input.replace(/[\s-]/g, '');
  return /^\d{6,20}$/.test(compact) ? compact : null;
}

/** The provider's name for an account, or null when there is no such account; 502 when it cannot be asked. */
export async function resolveAccountName(app: FastifyInstance, bankCode: string, accountNumber: string): Promise<string | null> {
  try {
    return (await app.payments.resolveAccount(bankCode, accountNumber))?.accountName ?? null;
  } catch (error) {
    if (error instanceof ProviderError) throw new ApiError(502, 'server_error', PROVIDER_DOWN);
    throw error;
  }
}

export async function knownInstitution(app: FastifyInstance, kind: 'banks' | 'mobile_money', code: string) {
  try {
    return await findInstitution(app.repos.settings, app.payments, kind, code);
  } catch (error) {
    if (error instanceof ProviderError) throw new ApiError(502, 'server_error', PROVIDER_DOWN);
    throw error;
  }
}

export type DetailsCheck = { ok: true; details: WithdrawalDetails } | { ok: false; message: string };

/** Checks what a client sent; every message belongs to the withdrawal_address field. */
export async function checkWithdrawalDetails(app: FastifyInstance, input: Record<string, unknown>): Promise<DetailsCheck> {
  // Aliases older clients send: type "momo", network, number, phone, name.
  const raw: Record<string, unknown> = {
    ...input,
    provider: input.provider ?? input.network,
    phone_number: input.phone_number ?? input.phone ?? input.number,
    account_number: input.account_number ?? input.number,
    account_name: input.account_name ?? input.name,
  };
  const given = text(raw.type).toLowerCase();
  const type =
    given === 'momo' ? 'mobile_money' : given || (raw.bank_code !== undefined ? 'bank' : raw.provider !== undefined ? 'mobile_money' : '');
  if (type === 'bank') {
    const bank = await knownInstitution(app, 'banks', text(raw.bank_code));
    if (!bank) return { ok: false, message: UNKNOWN_BANK };
    const accountNumber = cleanAccountNumber(text(raw.account_number));
    if (!accountNumber) return { ok: false, message: BAD_ACCOUNT_NUMBER };
    const accountName = await resolveAccountName(app, bank.code, accountNumber);
    if (!accountName) return { ok: false, message: ACCOUNT_NOT_FOUND };
    return {
      ok: true,
      details: { type: 'bank', bank_code: bank.code, bank_name: bank.name, account_number: accountNumber, account_name: accountName },
    };
  }
  if (type === 'mobile_money') {
    const network = await knownInstitution(app, 'mobile_money', text(raw.provider).toUpperCase());
    if (!network) return { ok: false, message: UNKNOWN_NETWORK };
    const phone = normaliseGhanaMobile(text(raw.phone_number));
    if (!phone) return { ok: false, message: BAD_PHONE };
    const accountName = text(raw.account_name).replace(/\s+/g, ' ');
    if (!accountName || accountName.length > 100) return { ok: false, message: NAME_REQUIRED };
    return {
      ok: true,
      details: {
        type: 'mobile_money',
        provider: network.code,
        provider_name: network.name,
        phone_number: phone,
        account_name: accountName,
      },
    };
  }
  return { ok: false, message: BAD_TYPE };
}

/** Saved details in the verified shape, or null (never checked, or saved before checks existed). */
export function asWithdrawalDetails(raw: unknown): WithdrawalDetails | null {
  if (!raw || typeof raw !== 'object') return null;
  const d = raw as Record<string, unknown>;
  const all = (...keys: string[]) => keys.every((k) => typeof d[k] === 'string' && d[k] !== '');
  if (d.type === 'bank' && all('bank_code', 'bank_name', 'account_number', 'account_name')) return d as unknown as WithdrawalDetails;
  if (d.type === 'mobile_money' && all('provider', 'provider_name', 'phone_number', 'account_name'))
    return d as unknown as WithdrawalDetails;
  return null;
}

/** "GCB Bank •••• 4567", "MTN Mobile Money •••• 4567": enough to recognise, not to reuse. */
export function destinationLabel(details: WithdrawalDetails): string {
  const number = details.type === 'bank' ? details.account_number : details.phone_number;
  const name = details.type === 'bank' ? details.bank_name : details.provider_name;
  return `${name} •••• ${number.slice(-4)}`;
}
