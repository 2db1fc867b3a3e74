import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { backends } from './helpers/backends';
import { bearer, newSession, useApp } from './helpers/app';
import { ADMIN, createCause } from './helpers/causes';
import { one, scene } from './helpers/giving';

const AMOUNT_MESSAGES = {
  positive: 'Enter an amount greater than 0.',
  max: 'The most you can give at once is GH₵1,000,000.00.',
  decimals: 'Use at most 2 decimal places.',
};

describe.each(backends)('cart on $name', (backend) => {
  const ctx = useApp(backend, { admin: ADMIN });
  const add = (payload: Record<string, unknown>, token?: string, key?: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/cart/add/',
      payload,
      headers: { ...(token ? bearer(token) : {}), ...(key ? { 'idempotency-key': key } : {}) },
    });
  const read = (cartId: string | null, token?: string) =>
    ctx.app.inject({ url: cartId ? `/api/cart/${cartId}/` : '/api/cart/', headers: token ? bearer(token) : {} });

  it('keeps a guest cart by a client-made id, one line per cause', async () => {
    const { causeId } = await scene(ctx.app);
    const cartId = randomUUID();
    // A fresh device: an unknown cart reads as empty, not 404.
    expect((await read(cartId)).json()).toEqual({ cart_id: cartId, items: [], total_amount: '0.00' });
    const first = await add({ cart_id: cartId, cause_id: causeId, donation_amount: 10 });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      cart_id: cartId,
      total_amount: '10.00',
      item: { cause_id: causeId, quantity: 1, donation_amount: '10.00' },
    });
    const second = await add({ cart_id: cartId, cause_id: causeId, donation_amount: '20.50', quantity: 2 });
    expect(second.json().items).toHaveLength(1);
    expect(second.json().item).toMatchObject({
      id: first.json().item.id,
      quantity: 3,
      donation_amount: '20.50',
      line_total: '61.50',
      accepts_donations: true,
      title: expect.stringMatching(/^Borehole/),
    });
    expect(second.json().total_amount).toBe('61.50');
    expect((await ctx.app.inject({ url: `/api/cart/?cart_id=${cartId}` })).json().items).toHaveLength(1);
    // Without a cart id, add makes a new guest cart and says which.
    const fresh = await add({ cause_id: causeId, donation_amount: '10.00' });
    expect(fresh.json().cart_id).not.toBe(cartId);
    expect((await read(fresh.json().cart_id)).json().items).toHaveLength(1);
  });

  it('changes quantities by line id or cause id and removes lines', async () => {
    const { causeId } = await scene(ctx.app);
    const other = await scene(ctx.app);
    const cartId = randomUUID();
    const line = (await add({ cart_id: cartId, cause_id: causeId, donation_amount: 10 })).json().item;
    await add({ cart_id: cartId, cause_id: other.causeId, donation_amount: 5 });
    const byLine = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/cart/update/${line.id}/`,
      payload: { cart_id: cartId, quantity: 4 },
    });
    expect(byLine.json().item).toMatchObject({ id: line.id, quantity: 4, line_total: '40.00' });
    const byCause = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/cart/update/${causeId}/`,
      payload: { cart_id: cartId, quantity: 2 },
    });
    expect(byCause.json()).toMatchObject({ item: { quantity: 2 }, total_amount: '25.00' });
    const zero = await ctx.app.inject({ method: 'PATCH', url: `/api/cart/update/${causeId}/`, payload: { cart_id: cartId, quantity: 0 } });
    expect(zero.json()).toMatchObject({ item: null, total_amount: '5.00' });
    const missing = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/cart/update/${causeId}/`,
      payload: { cart_id: cartId, quantity: 3 },
    });
    expect(missing.statusCode).toBe(404);
    const removed = await ctx.app.inject({ method: 'DELETE', url: `/api/cart/remove/${other.causeId}/`, payload: { cart_id: cartId } });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ cart_id: cartId, items: [], total_amount: '0.00' });
    await add({ cart_id: cartId, cause_id: other.causeId, donation_amount: 5 });
    const byQuery = await ctx.app.inject({ method: 'DELETE', url: `/api/cart/remove/${other.causeId}/?cart_id=${cartId}` });
    expect(byQuery.json().items).toEqual([]);
  });

  it('validates quantity, amount and the cause', async () => {
    const { causeId, organizer } = await scene(ctx.app);
    const cartId = randomUUID();
    const errorsOf = async (payload: Record<string, unknown>) => {
      const res = await add({ cart_id: cartId, cause_id: causeId, donation_amount: 10, ...payload });
      expect(res.statusCode).toBe(400);
      return res.json().errors;
    };
    expect(await errorsOf({ donation_amount: 0 })).toEqual({ donation_amount: [AMOUNT_MESSAGES.positive] });
    expect(await errorsOf({ donation_amount: '-5' })).toEqual({ donation_amount: [AMOUNT_MESSAGES.positive] });
    expect(await errorsOf({ donation_amount: 'ten' })).toEqual({ donation_amount: [AMOUNT_MESSAGES.positive] });
    expect(await errorsOf({ donation_amount: '1000000.01' })).toEqual({ donation_amount: [AMOUNT_MESSAGES.max] });
    expect(await errorsOf({ donation_amount: '10.123' })).toEqual({ donation_amount: [AMOUNT_MESSAGES.decimals] });
    expect(await errorsOf({ donation_amount: 10.5, quantity: 0 })).toHaveProperty('quantity');
    expect(await errorsOf({ quantity: 1001 })).toHaveProperty('quantity');
    expect(await errorsOf({ quantity: 1.5 })).toHaveProperty('quantity');
    expect((await add({ cart_id: cartId, cause_id: causeId, donation_amount: '1000000.00', quantity: 1000 })).statusCode).toBe(200);
    // The sum would pass 1000: refused, the line is unchanged.
    expect(await errorsOf({ quantity: 1 })).toEqual({ quantity: ['A cart line can hold at most 1000.'] });
    const update = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/cart/update/${causeId}/`,
      payload: { cart_id: cartId, quantity: 1001 },
    });
    expect(update.statusCode).toBe(400);
    const pendingCause = await createCause(ctx.app, organizer.access);
    expect(await errorsOf({ cause_id: pendingCause.id })).toEqual({ cause_id: ['This cause is not accepting donations.'] });
    const unknown = await add({ cart_id: cartId, cause_id: randomUUID(), donation_amount: 10 });
    expect(unknown.statusCode).toBe(404);
    expect((await add({ cart_id: 'not-a-uuid', cause_id: causeId, donation_amount: 10 })).statusCode).toBe(400);
  });

  it("never lets anyone use someone else's user cart", async () => {
    const { causeId } = await scene(ctx.app);
    const owner = await newSession(ctx.app);
    const stranger = await newSession(ctx.app);
    const own = await add({ cause_id: causeId, donation_amount: 10 }, owner.access);
    const ownerCart = own.json().cart_id;
    expect((await read(null, owner.access)).json().cart_id).toBe(ownerCart);
    expect((await read(ownerCart)).statusCode).toBe(404);
    expect((await read(ownerCart, stranger.access)).statusCode).toBe(404);
    expect((await add({ cart_id: ownerCart, cause_id: causeId, donation_amount: 10 })).statusCode).toBe(404);
    expect((await add({ cart_id: ownerCart, cause_id: causeId, donation_amount: 10 }, stranger.access)).statusCode).toBe(404);
    const remove = await ctx.app.inject({ method: 'DELETE', url: `/api/cart/remove/${causeId}/?cart_id=${ownerCart}` });
    expect(remove.statusCode).toBe(404);
    expect((await read(null, owner.access)).json().items).toHaveLength(1);
  });

  it('merges a guest cart into the user cart at sign-in', async () => {
    const a = await scene(ctx.app);
    const b = await scene(ctx.app);
    const user = await newSession(ctx.app);
    await add({ cause_id: a.causeId, donation_amount: 50 }, user.access);
    const guestCart = randomUUID();
    await add({ cart_id: guestCart, cause_id: a.causeId, donation_amount: 10, quantity: 2 });
    await add({ cart_id: guestCart, cause_id: b.causeId, donation_amount: 7 });
    const merged = await read(guestCart, user.access);
    expect(merged.statusCode).toBe(200);
    const cart = merged.json();
    expect(cart.cart_id).not.toBe(guestCart);
    const lineA = cart.items.find((i: { cause_id: string }) => i.cause_id === a.causeId);
    const lineB = cart.items.find((i: { cause_id: string }) => i.cause_id === b.causeId);
    expect(lineA).toMatchObject({ quantity: 3, donation_amount: '50.00' });
    expect(lineB).toMatchObject({ quantity: 1, donation_amount: '7.00' });
    expect(cart.total_amount).toBe('157.00');
    // The guest cart is gone; merging again is harmless.
    expect((await one<{ n: number }>(ctx.app, sql`SELECT count(*)::int AS n FROM carts WHERE id = ${guestCart}`)).n).toBe(0);
    expect((await read(guestCart, user.access)).json().items).toHaveLength(2);
  });

  it('applies a replayed add only once', async () => {
    const { causeId } = await scene(ctx.app);
    const cartId = randomUUID();
    const payload = { cart_id: cartId, cause_id: causeId, donation_amount: '12.00' };
    const first = await add(payload, undefined, 'cart-add-once');
    const replay = await add(payload, undefined, 'cart-add-once');
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toBe(first.body);
    expect((await read(cartId)).json().items[0].quantity).toBe(1);
  });

  it('shows when a cause in the cart stops taking donations', async () => {
    const { causeId, organizer } = await scene(ctx.app);
    const cartId = randomUUID();
    await add({ cart_id: cartId, cause_id: causeId, donation_amount: 10 });
    await ctx.app.inject({ method: 'POST', url: `/api/causes/${causeId}/close/`, headers: bearer(organizer.access) });
    expect((await read(cartId)).json().items[0].accepts_donations).toBe(false);
  });
});
