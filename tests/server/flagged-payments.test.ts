/**
 * Payments flagged for an amount or currency mismatch: only admins list and resolve them;
 * crediting the amount received happens exactly once (repeats, replays and races included)
 * through the normal credit path; a refund credits nothing; the public ledger tells which.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { backends } from './helpers/backends';
import { bearer, newSession, useApp } from './helpers/app';
import { ADMIN } from './helpers/causes';
import { currentAmount, notificationCount, paymentRow, sandboxDecide, scene, verify } from './helpers/giving';

type Session = Awaited<ReturnType<typeof newSession>>;

/** A signed-in donor gives to two causes together; the sandbox then "charges" another amount or currency. */
async function flaggedPayment(
  app: FastifyInstance,
  donor: Session,
  causes: string[],
  amounts: string[],
  received: { amount?: number; currency?: string },
) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/cart/checkout/',
    headers: bearer(donor.access),
    payload: { mode: 'separately', amounts: Object.fromEntries(causes.map((c, i) => [c, amounts[i]])) },
  });
  expect(res.statusCode).toBe(200);
  const { reference } = res.json();
  await sandboxDecide(app, reference, 'success', received);
  expect((await verify(app, reference)).json().status).toBe('flagged');
  return { reference, id: (await paymentRow(app, reference)).id };
}

describe.each(backends)('flagged payments on $name', (backend) => {
  const ctx = useApp(backend, { admin: ADMIN });
  const call = (method: 'GET' | 'POST', url: string, token: string | null, payload?: unknown, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method, url, headers: { ...(token ? bearer(token) : {}), ...headers }, payload: payload as object });

  async function setup() {
    const first = await scene(ctx.app);
    const second = await scene(ctx.app);
    const donor = await newSession(ctx.app);
    return { admin: first.admin, organizer: first.organizer, causes: [first.causeId, second.causeId], donor };
  }

  it('lets only admins list and resolve: 401 for guests, 403 for users', async () => {
    const { admin, donor, causes } = await setup();
    const { id } = await flaggedPayment(ctx.app, donor, causes, ['6.00', '4.00'], { amount: 500 });
    for (const [method, url, payload] of [
      ['GET', '/api/admin/payments/', undefined],
      ['GET', `/api/admin/payments/${id}/`, undefined],
      ['POST', `/api/admin/payments/${id}/resolve/`, { action: 'refund' }],
    ] as const) {
      expect((await call(method, url, null, payload)).statusCode).toBe(401);
      expect((await call(method, url, donor.access, payload)).statusCode).toBe(403);
    }
    const list = await call('GET', '/api/admin/payments/', admin.access);
    expect(list.statusCode).toBe(200);
    const item = list.json().results.find((p: { id: string }) => p.id === id);
    expect(item).toMatchObject({
      status: 'flagged',
      amount: '10.00',
      currency: 'GHS',
      received_amount: '5.00',
      received_currency: 'GHS',
      resolution: null,
      email: donor.email,
      flagged_reason: expect.stringContaining('5.00'),
    });
    expect(item.donations.map((d: { amount: string; status: string }) => [d.amount, d.status]).sort()).toEqual([
      ['4.00', 'pending'],
      ['6.00', 'pending'],
    ]);
    expect((await call('GET', `/api/admin/payments/${id}/`, admin.access)).json().id).toBe(id);
    expect((await call('GET', '/api/admin/payments/not-a-uuid/', admin.access)).statusCode).toBe(404);
    expect((await call('GET', `/api/admin/payments/${crypto.randomUUID()}/`, admin.access)).statusCode).toBe(404);
  });

  it('credits the amount received once, shared by what each cause was pledged, and the ledger says so', async () => {
    const { admin, organizer, donor, causes } = await setup();
    const { id, reference } = await flaggedPayment(ctx.app, donor, causes, ['60.00', '40.00'], { amount: 5_000 });
    const resolve = (headers: Record<string, string> = {}) =>
      call('POST', `/api/admin/payments/${id}/resolve/`, admin.access, { action: 'credit', note: 'Provider fee taken' }, headers);
    // Several admins (or retries) at once: one wins.
    const answers = await Promise.all([resolve(), resolve(), resolve(), resolve()]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409]);
    const won = answers.find((a) => a.statusCode === 200)!.json();
    expect(won).toMatchObject({
      status: 'success',
      resolution: 'credited',
      resolution_note: 'Provider fee taken',
      resolved_by_name: expect.any(String),
    });
    expect(
      won.donations.map((d: { amount: string; pledged_amount: string; status: string }) => [d.amount, d.pledged_amount, d.status]).sort(),
    ).toEqual([
      ['20.00', '40.00', 'completed'],
      ['30.00', '60.00', 'completed'],
    ]);
    expect(answers.find((a) => a.statusCode === 409)!.json()).toEqual({
      detail: 'This payment was already resolved (credited).',
      code: 'conflict',
    });

    // A retry with an Idempotency-Key replays; without one it is refused; nothing is credited twice.
    const keyed = await resolve({ 'idempotency-key': 'resolve-1' });
    expect(keyed.statusCode).toBe(409);
    expect((await resolve({ 'idempotency-key': 'resolve-1' })).headers['idempotent-replayed']).toBe('true');
    expect((await call('POST', `/api/admin/payments/${id}/resolve/`, admin.access, { action: 'refund' })).statusCode).toBe(409);
    expect(await currentAmount(ctx.app, causes[0])).toBe(3_000);
    expect(await currentAmount(ctx.app, causes[1])).toBe(2_000);
    expect(await notificationCount(ctx.app, organizer.id, 'New donation')).toBe(1);
    expect(await notificationCount(ctx.app, donor.id, 'Donation confirmed')).toBe(2);
    expect((await paymentRow(ctx.app, reference)).status).toBe('success');
    // Verifying again changes nothing either.
    expect((await verify(ctx.app, reference)).json().status).toBe('success');
    expect(await currentAmount(ctx.app, causes[0])).toBe(3_000);

    const ledger = (await ctx.app.inject({ url: `/api/causes/${causes[0]}/ledger/` })).json();
    expect(ledger.totals.money_in).toBe('30.00');
    expect(ledger.entries[0]).toMatchObject({
      kind: 'donation',
      amount: '30.00',
      note: 'Credited after review: GH₵30.00 received of GH₵60.00 pledged.',
    });
    const flagged = (await call('GET', '/api/admin/payments/', admin.access)).json().results.map((p: { id: string }) => p.id);
    expect(flagged).not.toContain(id);
    const resolved = (await call('GET', '/api/admin/payments/?status=resolved', admin.access))
      .json()
      .results.map((p: { id: string }) => p.id);
    expect(resolved[0]).toBe(id);
  });

  it('records a refund: nothing credited, the donor told, the ledger shows it outside the totals', async () => {
    const { admin, donor, causes } = await setup();
    const { id } = await flaggedPayment(ctx.app, donor, causes, ['12.00', '8.00'], { amount: 20_000 });
    const res = await call('POST', `/api/admin/payments/${id}/resolve/`, admin.access, {
      action: 'refund',
      note: 'Overcharged; refunded by the provider.',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'refunded', resolution: 'refunded' });
    expect(res.json().donations.map((d: { status: string }) => d.status)).toEqual(['refunded', 'refunded']);
    expect(await currentAmount(ctx.app, causes[0])).toBe(0);
    expect(await notificationCount(ctx.app, donor.id, 'Donation refunded')).toBe(2);
    const history = (await ctx.app.inject({ url: '/api/donations/?status=all', headers: bearer(donor.access) })).json();
    expect(history.results.map((d: { status: string }) => d.status)).toEqual(['refunded', 'refunded']);

    const ledger = (await ctx.app.inject({ url: `/api/causes/${causes[0]}/ledger/` })).json();
    expect(ledger.totals).toEqual({ money_in: '0.00', money_out: '0.00', balance: '0.00' });
    expect(ledger.count).toBe(1);
    expect(ledger.entries[0]).toMatchObject({ kind: 'refund', amount: '12.00', description: expect.stringContaining('refunded') });
    expect(ledger.entries[0].note).toMatch(/refunded to the donor/);
    expect((await call('POST', `/api/admin/payments/${id}/resolve/`, admin.access, { action: 'credit' })).statusCode).toBe(409);
  });

  it('needs the GHS amount to credit a payment made in another currency, and checks it', async () => {
    const { admin, donor, causes } = await setup();
    const { id } = await flaggedPayment(ctx.app, donor, causes, ['10.00', '10.00'], { currency: 'USD' });
    const resolve = (payload: unknown) => call('POST', `/api/admin/payments/${id}/resolve/`, admin.access, payload);
    const missing = await resolve({ action: 'credit' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.amount[0]).toMatch(/enter the amount received in GHS/);
    for (const amount of ['abc', '0', '-5', '1.234'])
      expect((await resolve({ action: 'credit', amount })).json().errors).toHaveProperty('amount');
    expect((await resolve({ action: 'pay' })).json().errors).toHaveProperty('action');
    const ok = await resolve({ action: 'credit', amount: '19.99' });
    expect(ok.statusCode).toBe(200);
    expect(
      ok
        .json()
        .donations.map((d: { amount: string }) => d.amount)
        .sort(),
    ).toEqual(['10.00', '9.99']);
    expect((await currentAmount(ctx.app, causes[0])) + (await currentAmount(ctx.app, causes[1]))).toBe(1_999);
  });

  it('refuses to resolve a payment that was never flagged', async () => {
    const { admin, donor, causes } = await setup();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/cart/checkout/',
      headers: bearer(donor.access),
      payload: { mode: 'separately', amounts: { [causes[0]]: '3.00' } },
    });
    const { reference } = res.json();
    await sandboxDecide(ctx.app, reference, 'success');
    expect((await verify(ctx.app, reference)).json().status).toBe('success');
    const { id } = await paymentRow(ctx.app, reference);
    const answer = await call('POST', `/api/admin/payments/${id}/resolve/`, admin.access, { action: 'credit', amount: '3.00' });
    expect(answer.statusCode).toBe(409);
    expect(answer.json().detail).toBe('Only flagged payments can be resolved.');
    const row = await ctx.app.db.execute(sql`SELECT resolution FROM payments WHERE id = ${id}`);
    expect((row as unknown as { rows: { resolution: string | null }[] }).rows[0].resolution).toBeNull();
  });
});
