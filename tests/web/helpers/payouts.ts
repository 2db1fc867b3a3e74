import type { AdminWithdrawal, CauseBalance, CauseLedger, Withdrawal, WithdrawalDetails } from '../../../src/shared/contract/payouts';
import { json, type RecordedCall } from './fake-fetch';

export const BANKS = [
  { code: 'GCB', name: 'GCB Bank' },
  { code: 'ECO', name: 'Ecobank Ghana' },
];
export const MOMO = [
  { code: 'MTN', name: 'MTN Mobile Money' },
  { code: 'VOD', name: 'Telecel Cash' },
];

export const MOMO_DETAILS: WithdrawalDetails = {
  type: 'mobile_money',
  provider: 'MTN',
  provider_name: 'MTN Mobile Money',
  phone_number: '0241234567',
  account_name: 'Ama Mensah',
};

export function makeWithdrawal(id: string, over: Partial<Withdrawal> = {}): Withdrawal {
  return {
    id,
    cause_id: 'c1',
    cause_title: 'Water for Tamale',
    amount: '100.00',
    status: 'requested',
    method: 'mobile_money',
    destination_label: 'MTN •••• 4567',
    reference: `wd_${id}`,
    failure_reason: null,
    rejection_reason: null,
    created_at: '2026-03-02T10:00:00Z',
    updated_at: '2026-03-02T10:00:00Z',
    paid_at: null,
    ...over,
  };
}

export function makeAdminWithdrawal(id: string, over: Partial<AdminWithdrawal> = {}): AdminWithdrawal {
  return {
    ...makeWithdrawal(id),
    organizer_id: 'org-1',
    organizer_name: 'Kojo Owusu',
    organizer_email: 'kojo@example.com',
    destination: MOMO_DETAILS,
    provider_status: null,
    ...over,
  };
}

export function balanceOf(over: Partial<CauseBalance> = {}): CauseBalance {
  return {
    cause_id: 'c1',
    raised: '500.00',
    withdrawn: '100.00',
    pending: '50.00',
    held: '0.00',
    refunded: '0.00',
    available: '350.00',
    ...over,
  };
}

export function ledgerOf(over: Partial<CauseLedger> = {}): CauseLedger {
  return {
    cause_id: 'c1',
    totals: { money_in: '0.00', money_out: '0.00', balance: '0.00' },
    entries: [],
    count: 0,
    next: null,
    previous: null,
    ...over,
  };
}

/** Path without the query, and the query. */
export function route(call: RecordedCall): { path: string; query: URLSearchParams } {
  const url = new URL(call.url, 'http://app.test');
  return { path: url.pathname, query: url.searchParams };
}

export const notFound = () => json(404, { detail: 'Not found.', code: 'not_found' });

/** Calls every signed-in screen makes (shell badges). */
export function shellCalls(call: RecordedCall, profile: Record<string, unknown> = {}) {
  const { path } = route(call);
  if (path === '/api/notifications/unread-count/') return json(200, { count: 0 });
  if (path === '/api/user/profile/' && call.method === 'GET') {
    return json(200, {
      first_name: 'Ama',
      last_name: 'Mensah',
      role: 'user',
      profile_picture: null,
      withdrawal_address: null,
      causes_created: 1,
      ...profile,
    });
  }
  return undefined;
}
