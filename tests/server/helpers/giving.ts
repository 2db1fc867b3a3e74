/** Helpers for cart and payment tests: a giving scene, counts read straight from the database, signed webhooks. */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { queryRows } from '../../../src/server/db/client';
import { SIGNATURE_HEADER, signBody } from '../../../src/server/payments/signature';
import { bearer, newSession } from './app';
import { activeCause, adminSession, type Session } from './causes';

export interface Scene {
  admin: Session;
  organizer: Session;
  causeId: string;
}

// One admin login per app: password hashing is most of a test's time.
const admins = new WeakMap<FastifyInstance, Promise<Session>>();

/** An admin, a fresh organizer and one active cause with a large goal (so no "goal reached" noise). */
export async function scene(app: FastifyInstance, fields: Record<string, unknown> = {}): Promise<Scene> {
  if (!admins.has(app)) admins.set(app, adminSession(app));
  const admin = await admins.get(app)!;
  const organizer = await newSession(app);
  const cause = await activeCause(app, organizer.access, admin.access, { target_amount: '900000.00', ...fields });
  return { admin, organizer, causeId: cause.id };
}

export async function one<T>(app: FastifyInstance, query: ReturnType<typeof sql>): Promise<T> {
  return (await queryRows<T>(app.db, query))[0];
}

export async function currentAmount(app: FastifyInstance, causeId: string): Promise<number> {
  return Number((await one<{ a: string }>(app, sql`SELECT current_amount::text AS a FROM causes WHERE id = ${causeId}`)).a);
}

export async function notificationCount(app: FastifyInstance, userId: string, title: string): Promise<number> {
  return (await one<{ n: number }>(app, sql`SELECT count(*)::int AS n FROM notifications WHERE user_id = ${userId} AND title = ${title}`))
    .n;
}

export async function notificationMessages(app: FastifyInstance, userId: string, title: string): Promise<string[]> {
  const rows = await queryRows<{ message: string }>(
    app.db,
    sql`SELECT message FROM notifications WHERE user_id = ${userId} AND title = ${title}`,
  );
  return rows.map((r) => r.message);
}

export async function paymentRow(app: FastifyInstance, reference: string) {
  return one<{ id: string; status: string; amount: string; flagged_reason: string | null; cart_id: string | null; email: string }>(
    app,
    sql`SELECT id, status, amount::text, flagged_reason, cart_id, email FROM payments WHERE reference = ${reference}`,
  );
}

/** Donates as a guest (or with a token) and returns the PaymentStart answer. */
export async function donate(app: FastifyInstance, causeId: string, amount: string, extra: Record<string, unknown> = {}, token?: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/cart/donate/',
    headers: token ? bearer(token) : {},
    payload: { cause_id: causeId, donation_amount: amount, email: 'ama.guest@example.com', ...extra },
  });
  if (res.statusCode !== 200) throw new Error(`donate failed: ${res.statusCode} ${res.body}`);
  return res.json() as { authorization_url: string; reference: string; total_amount: string };
}

export function signedWebhook(app: FastifyInstance, secret: string, event: unknown, signature?: string) {
  const body = JSON.stringify(event);
  return app.inject({
    method: 'POST',
    url: '/api/payments/webhook/',
    payload: body,
    headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signature ?? signBody(body, secret) },
  });
}

export const chargeSuccess = (reference: string) => ({ event: 'charge.success', data: { reference, status: 'success' } });

/**
 * The sandbox's provider-side record, as the tester's click would leave it (without the webhook);
 * `method` is the channel the tester paid with (none unless given: the provider does not say).
 */
export async function sandboxDecide(
  app: FastifyInstance,
  reference: string,
  outcome: string,
  override: { amount?: number; currency?: string; method?: 'card' | 'mobile_money' } = {},
) {
  await app.db.execute(sql`UPDATE sandbox_charges SET outcome = ${outcome}, decided_at = now(), method = ${override.method ?? null},
    amount = coalesce(${override.amount ?? null}::bigint, amount), currency = coalesce(${override.currency ?? null}, currency)
    WHERE reference = ${reference}`);
}

export const verify = (app: FastifyInstance, reference: string) => app.inject({ url: `/api/payments/verify/${reference}/` });

export { newSession };
