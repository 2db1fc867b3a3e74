import type { Treasurer, TreasurerInvitation, TreasurerList } from '../../../../shared/contract/treasurers';
import type { Withdrawal } from '../../../../shared/contract/payouts';
import { api } from '../../../lib/api-client';

/**
 * Treasurers: the organizer invites and removes them, the invited user accepts or declines, an
 * accepted treasurer approves or rejects withdrawals. Decisions carry one Idempotency-Key each,
 * so a retry after a lost answer is answered from the first one instead of a 409.
 */

const causePath = (causeId: string) => `/api/causes/${encodeURIComponent(causeId)}/treasurers/`;
const newKey = () => (globalThis.crypto?.randomUUID ? globalThis.crypto.randomUUID() : `${Date.now()}-${Math.random()}`);

export function getTreasurers(causeId: string, signal?: AbortSignal): Promise<TreasurerList> {
  return api.get<TreasurerList>(causePath(causeId), { signal });
}

export function inviteTreasurer(causeId: string, email: string): Promise<Treasurer> {
  return api.post<Treasurer>(causePath(causeId), { email }, { headers: { 'Idempotency-Key': newKey() } });
}

export function removeTreasurer(causeId: string, userId: string): Promise<void> {
  return api.delete<void>(`${causePath(causeId)}${encodeURIComponent(userId)}/`);
}

export function listTreasurerInvitations(signal?: AbortSignal): Promise<TreasurerInvitation[]> {
  return api.get<TreasurerInvitation[]>('/api/treasurer-invitations/', { signal });
}

export function answerTreasurerInvitation(causeId: string, accept: boolean): Promise<unknown> {
  return api.post(`/api/treasurer-invitations/${encodeURIComponent(causeId)}/${accept ? 'accept' : 'decline'}/`, {});
}

export function decideWithdrawal(id: string, decision: 'approve' | 'reject'): Promise<Withdrawal> {
  return api.post<Withdrawal>(`/api/withdrawals/${encodeURIComponent(id)}/${decision}/`, {}, { headers: { 'Idempotency-Key': newKey() } });
}
