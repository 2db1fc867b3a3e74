import type { Paginated } from '../../../../shared/contract/common';
import type {
  AdminWithdrawal,
  Bank,
  BankAccountCheck,
  CauseBalance,
  CauseLedger,
  MobileMoneyProvider,
  Withdrawal,
  WithdrawalDetails,
  WithdrawalStatus,
} from '../../../../shared/contract/payouts';
import { api } from '../../../lib/api-client';

/**
 * The payouts API (spec §1, §3, §7): banks and mobile money providers, bank account checks, the
 * profile's withdrawal details, withdrawals (organizer and admin) and the public cause ledger.
 * Money moves only with a connection, so nothing here goes through the outbox.
 */

function paginated<T>(data: Paginated<T> | T[]): Paginated<T> {
  return Array.isArray(data) ? { count: data.length, next: null, previous: null, results: data } : data;
}

/** Spec §7: list answers are a plain array or an object with results. */
function listOf<T>(data: T[] | { results?: T[] }): T[] {
  return Array.isArray(data) ? data : (data.results ?? []);
}

let banks: Promise<Bank[]> | null = null;
let providers: Promise<MobileMoneyProvider[]> | null = null;

/** GET /api/user/banks/ — asked once per page load (a failed answer is asked again next time). */
export function listBanks(): Promise<Bank[]> {
  banks ??= api.get<Bank[] | { results?: Bank[] }>('/api/user/banks/').then(listOf, (error) => {
    banks = null;
    throw error;
  });
  return banks;
}

/** GET /api/user/mobile-money/ — the mobile money providers (MTN, Telecel, AirtelTigo). */
export function listMobileMoneyProviders(): Promise<MobileMoneyProvider[]> {
  providers ??= api.get<MobileMoneyProvider[] | { results?: MobileMoneyProvider[] }>('/api/user/mobile-money/').then(listOf, (error) => {
    providers = null;
    throw error;
  });
  return providers;
}

/** Tests start each case with empty caches. */
export function forgetProviderLists(): void {
  banks = null;
  providers = null;
}

/** POST /api/user/validate-bank-account/ — the account holder's name from the provider, or 400 errors.account_number. */
export function validateBankAccount(bank_code: string, account_number: string): Promise<BankAccountCheck> {
  return api.post<BankAccountCheck>('/api/user/validate-bank-account/', { bank_code, account_number });
}

/**
 * PUT /api/user/profile/ with only withdrawal_address, as JSON text (spec §3/§7), in a JSON body.
 * Other profile fields are left as they are. Answers the updated profile.
 */
export function saveWithdrawalDetails(details: WithdrawalDetails): Promise<{ withdrawal_address: Record<string, unknown> | null }> {
  return api.put('/api/user/profile/', { withdrawal_address: JSON.stringify(details) });
}

/** GET /api/user/profile/ — only the withdrawal details are read here. */
export function getOwnWithdrawalAddress(signal?: AbortSignal): Promise<Record<string, unknown> | null> {
  return api
    .get<{ withdrawal_address?: Record<string, unknown> | null }>('/api/user/profile/', { signal })
    .then((p) => p.withdrawal_address ?? null);
}

export function getCauseBalance(causeId: string, signal?: AbortSignal): Promise<CauseBalance> {
  return api.get<CauseBalance>(`/api/causes/${encodeURIComponent(causeId)}/balance/`, { signal });
}

/** POST /api/withdrawals/ {cause_id, amount} (amount as a decimal string). */
export function requestWithdrawal(cause_id: string, amount: string): Promise<Withdrawal> {
  return api.post<Withdrawal>('/api/withdrawals/', { cause_id, amount });
}

export async function listCauseWithdrawals(causeId: string, page: number, signal?: AbortSignal): Promise<Paginated<Withdrawal>> {
  const query = new URLSearchParams({ cause_id: causeId, page: String(page) });
  return paginated(await api.get<Paginated<Withdrawal> | Withdrawal[]>(`/api/withdrawals/?${query}`, { signal }));
}

export async function listAdminWithdrawals(
  status: WithdrawalStatus,
  page: number,
  signal?: AbortSignal,
): Promise<Paginated<AdminWithdrawal>> {
  const query = new URLSearchParams({ status, page: String(page) });
  return paginated(await api.get<Paginated<AdminWithdrawal> | AdminWithdrawal[]>(`/api/admin/withdrawals/?${query}`, { signal }));
}

const adminAction = (id: string, action: 'approve' | 'reject' | 'retry', body?: unknown) =>
  api.post<AdminWithdrawal>(`/api/admin/withdrawals/${encodeURIComponent(id)}/${action}/`, body);

export const approveWithdrawal = (id: string) => adminAction(id, 'approve');
export const rejectWithdrawal = (id: string, reason: string) => adminAction(id, 'reject', { reason });
export const retryWithdrawal = (id: string) => adminAction(id, 'retry');

/** GET /api/causes/{id}/ledger/?page= — public: money in (donations) and money out (paid withdrawals). */
export function getCauseLedger(causeId: string, page: number, signal?: AbortSignal): Promise<CauseLedger> {
  return api.get<CauseLedger>(`/api/causes/${encodeURIComponent(causeId)}/ledger/?page=${page}`, { signal });
}
