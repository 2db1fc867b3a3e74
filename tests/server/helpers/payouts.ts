/** Helpers for payout tests: saved withdrawal details, funding a cause, requests and raw rows. */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { queryRows } from '../../../src/server/db/client';
import { bearer } from './app';
import { ensureTwoStep } from './two-step';
import { donate } from './causes';

export const MOMO = { type: 'mobile_money', provider: 'MTN', phone_number: '024 123 4567', account_name: 'Kofi Boateng' };
/** Resolves in the sandbox (13 digits, not ending in 0000) at GCB Bank. */
export const SANDBOX_BANK = { type: 'bank', bank_code: '040100', account_number: '1234567890123' };

export function saveDetails(app: FastifyInstance, access: string, details: unknown) {
  return app.inject({ method: 'PUT', url: '/api/user/profile/', headers: bearer(access), payload: { withdrawal_address: details } });
}

export async function useDetails(app: FastifyInstance, access: string, details: unknown = MOMO) {
  const res = await saveDetails(app, access, details);
  if (res.statusCode !== 200) throw new Error(`saving details failed: ${res.body}`);
  return res.json().withdrawal_address;
}

/** Completed donations straight into the database (and the cause's current_amount). */
export async function fund(app: FastifyInstance, causeId: string, ...amounts: number[]) {
  for (const amount of amounts) await donate(app.db, { causeId, amount });
}

/** Accounts these helpers enrolled in two-step sign-in (by access token), once even for simultaneous requests. */
const enrolled = new Map<string, Promise<void>>();

/** As the organizer's page does it: two-step sign-in is on first (withdrawing needs it), then the request. */
export async function requestWithdrawal(app: FastifyInstance, access: string | null, causeId: string, amount: unknown) {
  if (access) {
    if (!enrolled.has(access)) enrolled.set(access, ensureTwoStep(app, access));
    await enrolled.get(access);
  }
  return app.inject({
    method: 'POST',
    url: '/api/withdrawals/',
    headers: access ? bearer(access) : {},
    payload: { cause_id: causeId, amount },
  });
}

export function adminAction(app: FastifyInstance, access: string, id: string, action: 'approve' | 'reject' | 'retry', body?: unknown) {
  return app.inject({ method: 'POST', url: `/api/admin/withdrawals/${id}/${action}/`, headers: bearer(access), payload: body as object });
}

export async function balance(app: FastifyInstance, access: string, causeId: string) {
  const res = await app.inject({ url: `/api/causes/${causeId}/balance/`, headers: bearer(access) });
  if (res.statusCode !== 200) throw new Error(`balance failed: ${res.statusCode} ${res.body}`);
  return res.json() as { raised: string; withdrawn: string; pending: string; available: string };
}

export async function withdrawalRow(app: FastifyInstance, id: string) {
  const [row] = await queryRows<{ status: string; reference: string; provider_status: string | null; recipient_code: string | null }>(
    app.db,
    sql`SELECT status, reference, provider_status, recipient_code FROM withdrawals WHERE id = ${id}`,
  );
  return row;
}
