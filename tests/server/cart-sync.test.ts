import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { backends } from './helpers/backends';
import { bearer, newSession, sessionIdOf, useApp } from './helpers/app';
import { ADMIN } from './helpers/causes';
import { one, scene } from './helpers/giving';

type Line = { cause_id: string; quantity: number; donation_amount?: string | number };

describe.each(backends)('POST /api/cart/sync/ on $name', (backend) => {
  const ctx = useApp(backend, { admin: ADMIN });
  const sync = (body: { cart_id?: string | null; lines: Line[] }, opts: { token?: string; key?: string } = {}) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/cart/sync/',
      payload: body,
      headers: { ...(opts.token ? bearer(opts.token) : {}), ...(opts.key ? { 'idempotency-key': opts.key } : {}) },
    });
  const read = async (cartId: string | null, token?: string) =>
    (await ctx.app.inject({ url: cartId ? `/api/cart/${cartId}/` : '/api/cart/', headers: token ? bearer(token) : {} })).json();
  const quantities = (cart: { items: { cause_id: string; quantity: number }[] }) =>
    Object.fromEntries(cart.items.map((i) => [i.cause_id, i.quantity]));
  const closeCause = async (causeId: string, token: string) => {
    const res = await ctx.app.inject({ method: 'POST', url: `/api/causes/${causeId}/close/`, headers: bearer(token) });
    expect(res.statusCode).toBe(200);
  };

  it('applies absolute lines in order and answers the resulting cart', async () => {
    const a = await scene(ctx.app);
    const b = await scene(ctx.app);
    const cartId = randomUUID();
    const res = await sync({
      cart_id: cartId,
      lines: [
        { cause_id: a.causeId, quantity: 3, donation_amount: '10.00' },
        { cause_id: b.causeId, quantity: 1, donation_amount: 5 },
        { cause_id: a.causeId, quantity: 2, donation_amount: '12.50' }, // named twice: the last wins
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ cart_id: cartId, total_amount: '30.00', refused: [] });
    expect(quantities(res.json())).toEqual({ [a.causeId]: 2, [b.causeId]: 1 });
    expect(res.json().items.find((i: { cause_id: string }) => i.cause_id === a.causeId)).toMatchObject({
      donation_amount: '12.50',
      line_total: '25.00',
    });

    // Quantity 0 removes; a line that is not there is already removed.
    const removed = await sync({
      cart_id: cartId,
      lines: [
        { cause_id: b.causeId, quantity: 0 },
        { cause_id: randomUUID(), quantity: 0 },
      ],
    });
    expect(removed.statusCode).toBe(200);
    expect(quantities(removed.json())).toEqual({ [a.causeId]: 2 });
    expect(quantities(await read(cartId))).toEqual({ [a.causeId]: 2 });
  });

  it('is idempotent: the same key replays the first answer and applies nothing again', async () => {
    const { causeId } = await scene(ctx.app);
    const cartId = randomUUID();
    const key = randomUUID();
    const body = { cart_id: cartId, lines: [{ cause_id: causeId, quantity: 4, donation_amount: '10.00' }] };
    const first = await sync(body, { key });
    expect(first.statusCode).toBe(200);
    // Someone changes the line in between; a replay must not undo it.
    await ctx.app.inject({ method: 'PATCH', url: `/api/cart/update/${causeId}/`, payload: { cart_id: cartId, quantity: 7 } });
    const replay = await sync(body, { key });
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toBe(first.body);
    expect(quantities(await read(cartId))).toEqual({ [causeId]: 7 });
    // The same intent under a new key (absolute quantities) converges on the same cart.
    await sync(body, { key: randomUUID() });
    await sync(body, { key: randomUUID() });
    expect(quantities(await read(cartId))).toEqual({ [causeId]: 4 });
  });

  it('is atomic: a line failing in the database rolls back the lines before it, and the key can be retried', async () => {
    const a = await scene(ctx.app);
    const b = await scene(ctx.app);
    const cartId = randomUUID();
    await sync({ cart_id: cartId, lines: [{ cause_id: a.causeId, quantity: 1, donation_amount: '10.00' }] });
    // A fault injected below the API: the second line's write raises inside the transaction.
    await ctx.app.db.execute(
      sql.raw(`CREATE OR REPLACE FUNCTION boafo_test_fail_line() RETURNS trigger AS $$
      BEGIN IF NEW.cause_id = '${b.causeId}' THEN RAISE EXCEPTION 'injected failure'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql`),
    );
    await ctx.app.db.execute(
      sql.raw(`CREATE TRIGGER boafo_test_fail_line BEFORE INSERT OR UPDATE ON cart_items
      FOR EACH ROW EXECUTE FUNCTION boafo_test_fail_line()`),
    );
    const key = randomUUID();
    const body = {
      cart_id: cartId,
      lines: [
        { cause_id: a.causeId, quantity: 5, donation_amount: '10.00' },
        { cause_id: b.causeId, quantity: 2, donation_amount: '10.00' },
      ],
    };
    try {
      const failed = await sync(body, { key });
      expect(failed.statusCode).toBe(500);
      expect(failed.json()).toEqual({ detail: expect.any(String), code: 'server_error' });
      expect(failed.body).not.toContain('injected');
      expect(quantities(await read(cartId))).toEqual({ [a.causeId]: 1 });
    } finally {
      await ctx.app.db.execute(sql.raw('DROP TRIGGER boafo_test_fail_line ON cart_items'));
    }
    const retried = await sync(body, { key });
    expect(retried.statusCode).toBe(200);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
    expect(quantities(retried.json())).toEqual({ [a.causeId]: 5, [b.causeId]: 2 });
  });

  it('refuses lines for causes that no longer take donations, names them, and applies the others', async () => {
    const open = await scene(ctx.app);
    const closing = await scene(ctx.app);
    const gone = await scene(ctx.app);
    const cartId = randomUUID();
    await sync({
      cart_id: cartId,
      lines: [
        { cause_id: closing.causeId, quantity: 2, donation_amount: '10.00' },
        { cause_id: gone.causeId, quantity: 1, donation_amount: '10.00' },
      ],
    });
    await closeCause(closing.causeId, closing.organizer.access);
    await closeCause(gone.causeId, gone.organizer.access);
    const unknown = randomUUID();

    const res = await sync({
      cart_id: cartId,
      lines: [
        { cause_id: open.causeId, quantity: 3, donation_amount: '10.00' },
        { cause_id: closing.causeId, quantity: 5, donation_amount: '10.00' },
        { cause_id: unknown, quantity: 1, donation_amount: '10.00' },
        { cause_id: gone.causeId, quantity: 0 }, // removing a closed cause's line is always allowed
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().refused).toEqual([
      { cause_id: closing.causeId, code: 'not_accepting', detail: 'This cause is not accepting donations.' },
      { cause_id: unknown, code: 'not_found', detail: 'Cause not found.' },
    ]);
    // The refused line kept its old quantity; the open one was applied; the removal happened.
    expect(quantities(res.json())).toEqual({ [closing.causeId]: 2, [open.causeId]: 3 });
    expect(res.json().items.find((i: { cause_id: string }) => i.cause_id === closing.causeId).accepts_donations).toBe(false);
    expect(quantities(await read(cartId))).toEqual({ [closing.causeId]: 2, [open.causeId]: 3 });
  });

  it('answers bad input with a 400 in the error shape and changes nothing', async () => {
    const { causeId } = await scene(ctx.app);
    const cartId = randomUUID();
    const bad = async (lines: unknown, extra: Record<string, unknown> = {}) => {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/cart/sync/', payload: { cart_id: cartId, lines, ...extra } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ detail: expect.any(String), code: 'validation_error' });
      return res.json();
    };
    const missing = await bad([
      { cause_id: causeId, quantity: 1, donation_amount: '10.00' },
      { cause_id: causeId, quantity: 2 },
    ]);
    expect(missing.errors).toEqual({ 'lines.1.donation_amount': ['This field is required.'] });
    const decimals = await bad([{ cause_id: causeId, quantity: 1, donation_amount: '10.001' }]);
    expect(decimals.errors).toEqual({ 'lines.0.donation_amount': ['Use at most 2 decimal places.'] });
    await bad([{ cause_id: causeId, quantity: 1001, donation_amount: '10.00' }]);
    await bad([{ cause_id: 'not-a-uuid', quantity: 1, donation_amount: '10.00' }]);
    await bad(Array.from({ length: 101 }, () => ({ cause_id: causeId, quantity: 0 })));
    await bad('lines');
    await bad([], { cart_id: 'nope' });
    expect((await read(cartId)).items).toEqual([]);
  });

  it("signed in: works on your cart, merging the guest cart named by cart_id; another user's cart is 404", async () => {
    const a = await scene(ctx.app);
    const b = await scene(ctx.app);
    const me = await newSession(ctx.app);
    const guestCart = randomUUID();
    await sync({ cart_id: guestCart, lines: [{ cause_id: a.causeId, quantity: 1, donation_amount: '10.00' }] });
    const res = await sync(
      { cart_id: guestCart, lines: [{ cause_id: b.causeId, quantity: 2, donation_amount: '5.00' }] },
      { token: me.access },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().cart_id).not.toBe(guestCart);
    expect(quantities(res.json())).toEqual({ [a.causeId]: 1, [b.causeId]: 2 });
    expect(quantities(await read(null, me.access))).toEqual({ [a.causeId]: 1, [b.causeId]: 2 });

    const someoneElse = await newSession(ctx.app);
    const theirs = await sync({ cart_id: res.json().cart_id, lines: [] }, { token: someoneElse.access });
    expect(theirs.statusCode).toBe(404);
    const anonymous = await sync({ cart_id: res.json().cart_id, lines: [{ cause_id: a.causeId, quantity: 9, donation_amount: '1.00' }] });
    expect(anonymous.statusCode).toBe(404);
    expect(quantities(await read(null, me.access))).toEqual({ [a.causeId]: 1, [b.causeId]: 2 });
  });

  it('a change queued as a guest and resent after sign-in merges first: the answer is your cart, each change applied once', async () => {
    const { causeId } = await scene(ctx.app);
    const other = await scene(ctx.app);
    const mine = await scene(ctx.app);
    const me = await newSession(ctx.app);
    const own = await sync({ lines: [{ cause_id: mine.causeId, quantity: 2, donation_amount: '5.00' }] }, { token: me.access });
    const accountCart = own.json().cart_id as string;
    const guestCart = randomUUID();
    const batchKey = randomUUID();
    const batch = { cart_id: guestCart, lines: [{ cause_id: causeId, quantity: 1, donation_amount: '10.00' }] };
    expect((await sync(batch, { key: batchKey })).statusCode).toBe(200); // applied; its answer never reached the phone
    const addKey = randomUUID();
    const add = { cart_id: guestCart, cause_id: other.causeId, donation_amount: '10.00', quantity: 1 };
    const resendAdd = (token?: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/cart/add/',
        payload: add,
        headers: { 'idempotency-key': addKey, ...(token ? bearer(token) : {}) },
      });
    expect((await resendAdd()).statusCode).toBe(200);
    const merged = { [mine.causeId]: 2, [causeId]: 1, [other.causeId]: 1 };

    // Signed in now, the outbox resends both with the same keys and the new token: the guest cart
    // is merged into the account's before the guest's answer is replayed, so the answer is the account cart.
    const resent = await sync(batch, { key: batchKey, token: me.access });
    expect(resent.statusCode).toBe(200);
    expect(resent.headers['idempotent-replayed']).toBe('true');
    expect(resent.json()).toMatchObject({ cart_id: accountCart, total_amount: '30.00', refused: [] });
    expect(quantities(resent.json())).toEqual(merged);
    const resentAdd = await resendAdd(me.access);
    expect(resentAdd.statusCode).toBe(200);
    expect(resentAdd.headers['idempotent-replayed']).toBe('true');
    expect(resentAdd.json()).toMatchObject({ cart_id: accountCart, item: { cause_id: other.causeId, quantity: 1 } });
    expect(quantities(resentAdd.json())).toEqual(merged);
    // Sent a third time (the answer lost again): nothing doubles, and the next read agrees.
    expect(quantities((await sync(batch, { key: batchKey, token: me.access })).json())).toEqual(merged);
    expect(quantities(await read(null, me.access))).toEqual(merged);
    expect((await one<{ n: number }>(ctx.app, sql`SELECT count(*)::int AS n FROM carts WHERE id = ${guestCart}`)).n).toBe(0);

    // A key first used as a guest for something else is still a conflict when signed in.
    const conflict = await sync({ ...batch, lines: [{ ...batch.lines[0], quantity: 3 }] }, { key: batchKey, token: me.access });
    expect(conflict.statusCode).toBe(422);
  });

  it('a token that is sent but no longer valid is a 401 (refresh and resend), never treated as a guest', async () => {
    const { causeId } = await scene(ctx.app);
    const me = await newSession(ctx.app);
    const expired = await ctx.app.tokens.sign(
      { id: me.id, role: 'user', email: me.email, firstName: 'Kofi', lastName: 'Boateng' },
      sessionIdOf(me.access),
      -60,
    );
    const guestCart = randomUUID();
    const res = await sync(
      { cart_id: guestCart, lines: [{ cause_id: causeId, quantity: 1, donation_amount: '10.00' }] },
      { token: expired, key: randomUUID() },
    );
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'token_invalid' });
    expect((await read(guestCart)).items).toEqual([]);
    const read401 = await ctx.app.inject({ url: `/api/cart/${guestCart}/`, headers: bearer(expired) });
    expect(read401.statusCode).toBe(401);
  });

  it('concurrent batches on one cart all apply, one after the other', async () => {
    const { causeId } = await scene(ctx.app);
    const cartId = randomUUID();
    await sync({ cart_id: cartId, lines: [] });
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        sync({ cart_id: cartId, lines: [{ cause_id: causeId, quantity: i + 1, donation_amount: '10.00' }] }, { key: randomUUID() }),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    const final = quantities(await read(cartId))[causeId];
    expect(answers.map((r) => quantities(r.json())[causeId])).toContain(final);
  });

  it('is described in the OpenAPI document', async () => {
    const doc = (await ctx.app.inject({ url: '/api/docs/json' })).json();
    const op = doc.paths['/api/cart/sync/'].post;
    expect(op.requestBody.content['application/json'].schema.properties.lines).toBeTruthy();
    expect(op.responses['200']).toBeTruthy();
    expect(op.responses['400']).toBeTruthy();
  });
});
