/**
 * Monthly giving on the sandbox provider: the first month is an ordinary checkout, the sandbox
 * clock (POST /sandbox/subscriptions/{code}/charge/) charges later months, each month is credited
 * exactly once, cancelling stops the next, a failed month tells the donor, and only the donor
 * sees or cancels the gift.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { sweepOnce } from '../../src/server/jobs/sweeper';
import { backends } from './helpers/backends';
import { bearer, GOOD_PASSWORD, newSession, useApp } from './helpers/app';
import { ADMIN } from './helpers/causes';
import { currentAmount, notificationMessages, scene } from './helpers/giving';

describe.each(backends)('monthly giving on $name', (backend) => {
  const ctx = useApp(backend, { admin: ADMIN, publicUrl: 'https://boafo.test' });
  const post = (url: string, payload: unknown, token?: string) =>
    ctx.app.inject({ method: 'POST', url, payload: payload as Record<string, unknown>, headers: token ? bearer(token) : {} });
  const pay = (reference: string, outcome = 'success') =>
    ctx.app.inject({ method: 'POST', url: `/sandbox/checkout/${reference}/`, payload: { outcome } });
  const charge = (code: string, body: Record<string, unknown> = {}) => post(`/sandbox/subscriptions/${code}/charge/`, body);
  const list = (token: string) => ctx.app.inject({ url: '/api/subscriptions/', headers: bearer(token) });
  const cancel = (code: string, token: string) =>
    ctx.app.inject({ method: 'DELETE', url: `/api/subscriptions/${code}/`, headers: bearer(token) });
  const completedDonations = async (code: string) =>
    (
      await queryRows<{ n: number }>(
        ctx.app.db,
        sql`SELECT count(*)::int AS n FROM donations d JOIN payments p ON p.id = d.payment_id JOIN subscriptions s ON s.id = p.subscription_id
            WHERE s.code = ${code} AND d.status = 'completed'`,
      )
    )[0].n;

  /** A signed-in donor's monthly gift of `amount` to one cause, its first month paid. */
  async function monthlyGift(amount = '25.00') {
    const { organizer, causeId } = await scene(ctx.app);
    const donor = await newSession(ctx.app);
    const res = await post('/api/cart/donate/', { cause_id: causeId, donation_amount: amount, interval: 'monthly' }, donor.access);
    expect(res.statusCode).toBe(200);
    const start = res.json();
    expect(start.subscription_code).toMatch(/^bfs-[a-z2-7]{24}$/);
    expect((await pay(start.reference)).statusCode).toBe(200);
    return { organizer, causeId, donor, start, code: start.subscription_code as string };
  }

  it('credits the first checkout and three monthly charges, each once, and lists the gift', async () => {
    const { organizer, causeId, donor, code } = await monthlyGift('25.00');
    expect(await currentAmount(ctx.app, causeId)).toBe(2_500);
    for (let month = 2; month <= 4; month++) {
      const res = await charge(code);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ subscription_code: code, period: month, status: 'success', charged_now: true, charges: month });
    }
    expect(await currentAmount(ctx.app, causeId)).toBe(4 * 2_500);
    expect(await completedDonations(code)).toBe(4);
    expect(await notificationMessages(ctx.app, organizer.id, 'New donation')).toHaveLength(4);

    const [gift] = (await list(donor.access)).json();
    expect(gift).toMatchObject({
      code,
      status: 'active',
      interval: 'monthly',
      total_amount: '25.00',
      causes: [{ cause_id: causeId, amount: '25.00' }],
      charges: 4,
      cancelled_at: null,
    });
    expect(Date.parse(gift.next_charge_at)).toBeGreaterThan(Date.now() + 27 * 24 * 3600_000);

    // The organizer sees one recurring donor on the cause; others do not see the figure.
    const details = await ctx.app.inject({ url: `/api/causes/details/${causeId}/`, headers: bearer(organizer.access) });
    expect(details.json().recurring_donors).toBe(1);
    const publicView = await ctx.app.inject({ url: `/api/causes/details/${causeId}/` });
    expect(publicView.json()).not.toHaveProperty('recurring_donors');
  });

  it('charges a month once however often it is asked for, also at the same time', async () => {
    const { causeId, code } = await monthlyGift('10.00');
    const first = await charge(code, { period: 2 });
    expect(first.json()).toMatchObject({ period: 2, status: 'success', charged_now: true });
    const again = await charge(code, { period: 2 });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ period: 2, reference: first.json().reference, charged_now: false, charges: 2 });
    // Five asks of the same month at once, for several months: a race lost only now and then must show up here.
    // Each month is charged once and credited by the time its charge answers.
    for (let period = 3; period <= 10; period += 1) {
      const together = await Promise.all(Array.from({ length: 5 }, () => charge(code, { period })));
      expect(together.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
      expect(new Set(together.map((r) => r.json().reference)).size).toBe(1);
      expect(together.filter((r) => r.json().charged_now)).toHaveLength(1);
      expect(await currentAmount(ctx.app, causeId), `month ${period}`).toBe(period * 1_000);
    }
    expect(await completedDonations(code)).toBe(10);
    // Skipping a month is refused.
    expect((await charge(code, { period: 12 })).statusCode).toBe(409);
  });

  it('stops charging once cancelled', async () => {
    const { causeId, donor, code } = await monthlyGift('15.00');
    expect((await charge(code)).statusCode).toBe(200);
    expect((await cancel(code, donor.access)).statusCode).toBe(204);
    // Cancelling again changes nothing and says so the same way.
    expect((await cancel(code, donor.access)).statusCode).toBe(204);
    const after = await charge(code);
    expect(after.statusCode).toBe(409);
    expect(after.json()).toMatchObject({ code: 'conflict' });
    expect(await currentAmount(ctx.app, causeId)).toBe(2 * 1_500);
    expect(await completedDonations(code)).toBe(2);
    const [gift] = (await list(donor.access)).json();
    expect(gift).toMatchObject({ status: 'cancelled', next_charge_at: null, charges: 2 });
    expect(gift.cancelled_at).toEqual(expect.any(String));
  });

  it('stops a gift once its cause is closed, tells the donor once, and charges nothing more', async () => {
    const { organizer, causeId, donor, code } = await monthlyGift('20.00');
    const other = await monthlyGift('5.00');
    const closed = await ctx.app.inject({ method: 'POST', url: `/api/causes/${causeId}/close/`, headers: bearer(organizer.access) });
    expect(closed.statusCode).toBe(200);
    // Two passes at once (as two processes would): one stops it, one tells the donor.
    const reports = await Promise.all([sweepOnce(ctx.app), sweepOnce(ctx.app)]);
    expect(reports.map((r) => r.giftsStopped).sort()).toEqual([0, 1]);
    expect((await sweepOnce(ctx.app)).giftsStopped).toBe(0);
    const [gift] = (await list(donor.access)).json();
    expect(gift).toMatchObject({ status: 'cancelled', next_charge_at: null, charges: 1 });
    expect(await notificationMessages(ctx.app, donor.id, 'Monthly gift stopped')).toHaveLength(1);
    expect((await charge(code)).statusCode).toBe(409);
    expect(await currentAmount(ctx.app, causeId)).toBe(2_000);
    // A gift to a cause still taking donations goes on.
    expect((await charge(other.code)).json()).toMatchObject({ period: 2, status: 'success' });
  });

  it('tells the donor when a month could not be charged, once, and credits nothing', async () => {
    const { causeId, donor, code } = await monthlyGift('12.00');
    const failed = await charge(code, { outcome: 'failed' });
    expect(failed.json()).toMatchObject({ period: 2, status: 'failed', charged_now: true, charges: 1 });
    expect((await charge(code, { period: 2, outcome: 'success' })).json()).toMatchObject({ status: 'failed', charged_now: false });
    const cause = (await ctx.app.inject({ url: `/api/causes/details/${causeId}/` })).json();
    expect(await currentAmount(ctx.app, causeId)).toBe(1_200);
    expect(await notificationMessages(ctx.app, donor.id, 'Monthly gift not charged')).toEqual([
      `Your monthly gift to "${cause.name}" could not be charged. Check your payment method; the next month will be tried as usual.`,
    ]);
    // The next month goes ahead as usual.
    expect((await charge(code)).json()).toMatchObject({ period: 3, status: 'success' });
    expect(await currentAmount(ctx.app, causeId)).toBe(2_400);
  });

  it('lets only the donor see and cancel a gift, and refuses monthly gifts from guests', async () => {
    const { causeId, code } = await monthlyGift('5.00');
    const other = await newSession(ctx.app);
    expect((await list(other.access)).json()).toEqual([]);
    const stranger = await cancel(code, other.access);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toEqual({ detail: 'Monthly gift not found.', code: 'not_found' });
    expect((await ctx.app.inject({ url: '/api/subscriptions/' })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/subscriptions/${code}/` })).statusCode).toBe(401);
    expect((await charge(code)).json()).toMatchObject({ status: 'success' });

    const guest = await post('/api/cart/donate/', {
      cause_id: causeId,
      donation_amount: '5.00',
      email: 'guest@example.com',
      interval: 'monthly',
    });
    expect(guest.statusCode).toBe(401);
    expect(guest.json().detail).toMatch(/Sign in to give monthly/);
    const guestCheckout = await post('/api/cart/checkout/', {
      mode: 'separately',
      amounts: { [causeId]: '5.00' },
      email: 'guest@example.com',
      interval: 'monthly',
    });
    expect(guestCheckout.statusCode).toBe(401);
    // A one-off gift has no subscription code.
    const once = await post('/api/cart/donate/', { cause_id: causeId, donation_amount: '5.00', email: 'guest@example.com' });
    expect(once.json()).not.toHaveProperty('subscription_code');
  });

  it("stops a deleted account's monthly gifts for good and keeps none of its details", async () => {
    const { causeId, donor, code } = await monthlyGift('8.00');
    const gone = await post('/api/user/delete-account/', { password: GOOD_PASSWORD }, donor.access);
    expect(gone.statusCode).toBe(204);
    expect((await charge(code)).statusCode).toBe(409);
    expect(await currentAmount(ctx.app, causeId)).toBe(800);
    const [row] = await queryRows<{ status: string; email: string; donor: { email: string; donorName: string } }>(
      ctx.app.db,
      sql`SELECT status, email, donor FROM subscriptions WHERE code = ${code}`,
    );
    expect(row.status).toBe('cancelled');
    expect(row.email).not.toBe(donor.email);
    expect(row.donor).toMatchObject({ email: row.email, donorName: 'A former donor' });
  });

  it('makes a multi-cause checkout monthly, each cause its share every month', async () => {
    const [a, b] = [await scene(ctx.app), await scene(ctx.app)];
    const donor = await newSession(ctx.app);
    const res = await post(
      '/api/cart/checkout/',
      { mode: 'separately', amounts: { [a.causeId]: '3.00', [b.causeId]: '4.00' }, interval: 'monthly' },
      donor.access,
    );
    expect(res.statusCode).toBe(200);
    const { subscription_code: code, reference } = res.json();
    // Not paid yet: pending, and the clock has nothing to charge.
    expect((await list(donor.access)).json()[0]).toMatchObject({ code, status: 'pending', charges: 0, total_amount: '7.00' });
    expect((await charge(code)).statusCode).toBe(409);
    await pay(reference);
    expect((await charge(code)).json()).toMatchObject({ period: 2, status: 'success' });
    expect(await currentAmount(ctx.app, a.causeId)).toBe(600);
    expect(await currentAmount(ctx.app, b.causeId)).toBe(800);
    expect((await ctx.app.inject({ method: 'POST', url: '/sandbox/subscriptions/bfs-nope/charge/', payload: {} })).statusCode).toBe(404);
  });
});
