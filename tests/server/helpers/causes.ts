/** Helpers for cause tests: an admin session, JSON cause creation, review and direct donation rows. */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../src/server/db/client';
import { donations } from '../../../src/server/db/schema';
import { creditCause } from '../../../src/server/repositories/causes';
import { bearer, newSession } from './app';
import { signInWithTwoStep } from './two-step';

export const ADMIN = { email: 'admin@boafo.test', password: 'admin-pass-2024' };

export type Session = Awaited<ReturnType<typeof newSession>>;

/** The admin signed in; admins must have two-step sign-in, so the first call enrols it and later ones pass the second step. */
export async function adminSession(app: FastifyInstance): Promise<Session> {
  const tokens = await signInWithTwoStep(app, ADMIN.email, ADMIN.password);
  return { email: ADMIN.email, ...tokens };
}

export const tick = () => new Promise((resolve) => setTimeout(resolve, 3));

let n = 0;
export async function createCause(app: FastifyInstance, access: string, fields: Record<string, unknown> = {}) {
  n += 1;
  const res = await app.inject({
    method: 'POST',
    url: '/api/causes/create/',
    headers: bearer(access),
    payload: { name: `Borehole for Walewale ${n}`, description: 'Clean water for 400 people.', target_amount: '1000.00', ...fields },
  });
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** Creates a cause and has the admin approve it: an active cause. */
export async function activeCause(app: FastifyInstance, organizer: string, admin: string, fields: Record<string, unknown> = {}) {
  const cause = await createCause(app, organizer, fields);
  const res = await app.inject({ method: 'POST', url: `/api/admin/causes/${cause.id}/approve/`, headers: bearer(admin) });
  if (res.statusCode !== 200) throw new Error(`approve failed: ${res.body}`);
  return res.json();
}

export interface DonationInput {
  causeId: string;
  amount: number;
  donorId?: string | null;
  email?: string;
  donorName?: string;
  isAnonymous?: boolean;
  status?: 'pending' | 'completed' | 'failed' | 'abandoned';
  completedAt?: Date;
}

/** What the payments flow will do: insert the donation and, when completed, credit the cause in one transaction. */
export async function donate(db: Db, input: DonationInput): Promise<string> {
  // PGlite's clock has millisecond resolution: keep created_at strictly increasing for newest-first checks.
  await tick();
  return db.transaction(async (tx) => {
    const status = input.status ?? 'completed';
    const [row] = await tx
      .insert(donations)
      .values({
        causeId: input.causeId,
        amount: input.amount,
        donorId: input.donorId ?? null,
        email: input.email ?? 'guest@example.com',
        donorName: input.donorName ?? 'Guest Donor',
        isAnonymous: input.isAnonymous ?? false,
        status,
        completedAt: status === 'completed' ? (input.completedAt ?? new Date()) : null,
      })
      .returning({ id: donations.id });
    if (status === 'completed') await creditCause(tx as unknown as Db, input.causeId, input.amount);
    return row.id;
  });
}
