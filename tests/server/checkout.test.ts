import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { backends } from './helpers/backends';
import { bearer, newSession, useApp } from './helpers/app';
import { ADMIN } from './helpers/causes';
import { currentAmount, donate, notificationMessages, paymentRow, scene, verify } from './helpers/giving';

describe.each(backends)('donate and checkout on $name', (backend) => {
  const ctx = useApp(backend, { admin: ADMIN, publicUrl: 'https://boafo.test' });
  const post = (url: string, payload: Record<string, unknown>, token?: string, key?: string) =>
    ctx.app.inject({
      method: 'POST',
      url,
      payload,
      headers: { ...(token ? bearer(token) : {}), ...(key ? { 'idempotency-key': key } : {}) },
    });
  const pay = (reference: string, outcome: string, method?: 'card' | 'mobile_money') =>
    ctx.app.inject({ method: 'POST', url: `/sandbox/checkout/${reference}/`, payload: { outcome, ...(method ? { method } : {}) } });
  const amountsByCause = async (reference: string) =>
    Object.fromEntries(
      (await verify(ctx.app, reference)).json().donations.map((d: { cause_id: string; amount: string }) => [d.cause_id, d.amount]),
    );

  it('splits a together gift evenly, the remainder pesewas to the first cause', async () => {
    const [a, b, c] = [await scene(ctx.app), await scene(ctx.app), await scene(ctx.app)];
    const res = await post('/api/cart/checkout/', {
      mode: 'together',
      cause_ids: [a.causeId, b.causeId, c.causeId],
      total_amount: '100.01',
      email: 'esi@example.com',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().total_amount).toBe('100.01');
    expect(await amountsByCause(res.json().reference)).toEqual({ [a.causeId]: '33.35', [b.causeId]: '33.33', [c.causeId]: '33.33' });
    const tooSmall = await post('/api/cart/checkout/', {
      mode: 'together',
      cause_ids: [a.causeId, b.causeId, c.causeId],
      total_amount: '0.02',
      email: 'esi@example.com',
    });
    expect(tooSmall.statusCode).toBe(400);
    expect(tooSmall.json().errors).toHaveProperty('total_amount');
  });

  it('takes one amount per cause separately, with per-cause errors', async () => {
    const [a, b] = [await scene(ctx.app), await scene(ctx.app)];
    const res = await post('/api/cart/checkout/', {
      mode: 'separately',
      amounts: { [a.causeId]: '5.00', [b.causeId]: 7.5 },
      email: 'esi@example.com',
    });
    expect(res.json().total_amount).toBe('12.50');
    expect(await amountsByCause(res.json().reference)).toEqual({ [a.causeId]: '5.00', [b.causeId]: '7.50' });
    const bad = await post('/api/cart/checkout/', {
      mode: 'separately',
      amounts: { [a.causeId]: '5.001', [b.causeId]: 0 },
      email: 'esi@example.com',
    });
    expect(bad.json().errors).toEqual({
      [`amounts.${a.causeId}`]: ['Use at most 2 decimal places.'],
      [`amounts.${b.causeId}`]: ['Enter an amount greater than 0.'],
    });
  });

  it('checks out ticked cart lines and clears them only when the payment succeeds', async () => {
    const [a, b] = [await scene(ctx.app), await scene(ctx.app)];
    const cartId = randomUUID();
    await post('/api/cart/add/', { cart_id: cartId, cause_id: a.causeId, donation_amount: 10, quantity: 3 });
    await post('/api/cart/add/', { cart_id: cartId, cause_id: b.causeId, donation_amount: 4 });
    const none = await post('/api/cart/checkout/', { cart_id: cartId, cause_ids: [], email: 'yaw@example.com' });
    expect(none.json().errors).toEqual({ cause_ids: ['Select at least one item to proceed'] });
    const cancelled = await post('/api/cart/checkout/', { cart_id: cartId, cause_ids: [a.causeId], email: 'yaw@example.com' });
    expect(cancelled.json().total_amount).toBe('30.00');
    await pay(cancelled.json().reference, 'abandoned');
    const afterCancel = (await ctx.app.inject({ url: `/api/cart/${cartId}/` })).json();
    expect(afterCancel.items).toHaveLength(2);
    const all = await post('/api/cart/checkout/', { cart_id: cartId, email: 'yaw@example.com' });
    expect(all.json().total_amount).toBe('34.00');
    expect((await paymentRow(ctx.app, all.json().reference)).cart_id).toBe(cartId);
    expect((await ctx.app.inject({ url: `/api/cart/${cartId}/` })).json().items).toHaveLength(2);
    await pay(all.json().reference, 'success');
    expect((await ctx.app.inject({ url: `/api/cart/${cartId}/` })).json().items).toEqual([]);
  });

  it('records the signed-in donor, keeps the anonymous flag and hides the donor from others', async () => {
    const { organizer, causeId } = await scene(ctx.app);
    const donor = await newSession(ctx.app);
    const start = await donate(
      ctx.app,
      causeId,
      '60.00',
      { is_anonymous: true, payment_method: 'mobile_money', email: undefined },
      donor.access,
    );
    // Paid the way the form said: the donation keeps that method (the one the checkout reports).
    await pay(start.reference, 'success', 'mobile_money');
    const row = (
      await queryRows<{ donor_id: string; email: string; is_anonymous: boolean; payment_method: string }>(
        ctx.app.db,
        sql`SELECT donor_id, email, is_anonymous, payment_method FROM donations WHERE reference = ${start.reference}`,
      )
    )[0];
    expect(row).toEqual({ donor_id: donor.id, email: donor.email, is_anonymous: true, payment_method: 'mobile_money' });
    expect(await notificationMessages(ctx.app, organizer.id, 'New donation')).toEqual([
      expect.stringMatching(/^An anonymous donor donated GH₵60\.00 to "/),
    ]);
    const contributors = (await ctx.app.inject({ url: '/api/contributors/' })).json();
    expect(JSON.stringify(contributors)).not.toContain(donor.id);
    expect(JSON.stringify(contributors)).not.toContain('Kofi');
    const history = (await ctx.app.inject({ url: '/api/donations/', headers: bearer(donor.access) })).json();
    expect(history.results).toEqual([
      expect.objectContaining({ status: 'completed', is_anonymous: true, amount: '60.00', reference: start.reference }),
    ]);
    // The organizer's own history knows nothing of it.
    expect((await ctx.app.inject({ url: '/api/donations/', headers: bearer(organizer.access) })).json().results).toEqual([]);
  });

  it('needs an email from guests, and replays a donate with the same Idempotency-Key', async () => {
    const { causeId } = await scene(ctx.app);
    const noEmail = await post('/api/cart/donate/', { cause_id: causeId, donation_amount: 10 });
    expect(noEmail.json()).toMatchObject({ code: 'validation_error', errors: { email: ['This field is required.'] } });
    const badEmail = await post('/api/cart/donate/', { cause_id: causeId, donation_amount: 10, email: 'nope' });
    expect(badEmail.json().errors).toEqual({ email: ['Enter a valid email address.'] });
    const payload = { cause_id: causeId, donation_amount: '25', email: 'abena@example.com' };
    const first = await post('/api/cart/donate/', payload, undefined, 'donate-once');
    const replay = await post('/api/cart/donate/', payload, undefined, 'donate-once');
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    const payments = await queryRows<{ n: number }>(
      ctx.app.db,
      sql`SELECT count(*)::int AS n FROM payments WHERE email = 'abena@example.com'`,
    );
    expect(payments[0].n).toBe(1);
  });

  it('creates a pending donation and starts its payment only for its donor, at our amount', async () => {
    const { causeId } = await scene(ctx.app);
    const created = await post('/api/donations/', { cause_id: causeId, amount: '45.00', email: 'Kojo@Example.com' });
    expect(created.statusCode).toBe(201);
    const donation = created.json();
    expect(donation).toMatchObject({ cause_id: causeId, amount: '45.00', status: 'pending', reference: null, is_anonymous: false });
    const initiate = (payload: Record<string, unknown>, token?: string) =>
      post('/api/payments/initiate/', { donation_id: donation.id, ...payload }, token);
    expect((await initiate({ email: 'someone@example.com', amount: '45.00' })).statusCode).toBe(404);
    expect((await initiate({ email: 'kojo@example.com', amount: '4.50' })).json().errors).toEqual({
      amount: ['Amount does not match the donation.'],
    });
    const stranger = await newSession(ctx.app);
    expect((await initiate({ amount: '45.00' }, stranger.access)).statusCode).toBe(404);
    const started = await initiate({ email: 'kojo@example.com', amount: 45, user_id: null });
    expect(started.statusCode).toBe(200);
    expect(started.json()).toMatchObject({ total_amount: '45.00', reference: expect.stringMatching(/^bf-/) });
    // Asking again gives the same checkout, never a second live payment.
    expect((await initiate({ email: 'kojo@example.com' })).json()).toEqual(started.json());
    const before = await currentAmount(ctx.app, causeId);
    await pay(started.json().reference, 'success');
    expect(await currentAmount(ctx.app, causeId)).toBe(before + 4_500);
    expect((await initiate({ email: 'kojo@example.com' })).statusCode).toBe(409);
  });

  it('refuses causes that do not take donations, and unknown ones', async () => {
    const { causeId, organizer } = await scene(ctx.app);
    await ctx.app.inject({ method: 'POST', url: `/api/causes/${causeId}/close/`, headers: bearer(organizer.access) });
    const closed = await post('/api/cart/donate/', { cause_id: causeId, donation_amount: 10, email: 'a@example.com' });
    expect(closed.json().errors).toEqual({ cause_id: ['This cause is not accepting donations.'] });
    expect((await post('/api/cart/donate/', { cause_id: randomUUID(), donation_amount: 10, email: 'a@example.com' })).statusCode).toBe(404);
    const together = await post('/api/cart/checkout/', {
      mode: 'together',
      cause_ids: [causeId],
      total_amount: 10,
      email: 'a@example.com',
    });
    expect(together.json().errors).toEqual({ cause_ids: ['This cause is not accepting donations.'] });
  });
});
