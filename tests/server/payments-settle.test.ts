import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { backends } from './helpers/backends';
import { bearer, newSession, useApp, useTwoApps } from './helpers/app';
import { ADMIN } from './helpers/causes';
import {
  chargeSuccess,
  currentAmount,
  donate,
  notificationCount,
  notificationMessages,
  one,
  paymentRow,
  sandboxDecide,
  scene,
  signedWebhook,
  verify,
} from './helpers/giving';

/** 50 callers at once, verify and signed webhook mixed, spread over the given app instances. */
async function stampede(apps: FastifyInstance[], reference: string) {
  const calls = Array.from({ length: 50 }, (_, i) => {
    const app = apps[i % apps.length];
    return i % 2 === 0 ? verify(app, reference) : signedWebhook(app, app.payments.webhookSecret, chargeSuccess(reference));
  });
  const answers = await Promise.all(calls);
  for (const answer of answers) expect(answer.statusCode).toBe(200);
}

describe.each(backends)('settling payments on $name', (backend) => {
  const ctx = useApp(backend, { admin: ADMIN, publicUrl: 'https://boafo.test' });

  it('credits exactly once under 50 concurrent verify and webhook calls', async () => {
    const { organizer, causeId } = await scene(ctx.app);
    const donor = await newSession(ctx.app);
    const before = await currentAmount(ctx.app, causeId);
    const start = await donate(ctx.app, causeId, '125.50', {}, donor.access);
    await sandboxDecide(ctx.app, start.reference, 'success');
    await stampede([ctx.app], start.reference);
    expect(await currentAmount(ctx.app, causeId)).toBe(before + 12_550);
    const donations = await one<{ n: number; completed: number }>(
      ctx.app,
      sql`SELECT count(*)::int AS n,
      count(*) FILTER (WHERE status = 'completed' AND completed_at IS NOT NULL)::int AS completed
      FROM donations WHERE reference = ${start.reference}`,
    );
    expect(donations).toEqual({ n: 1, completed: 1 });
    expect(await notificationCount(ctx.app, organizer.id, 'New donation')).toBe(1);
    expect(await notificationCount(ctx.app, donor.id, 'Donation confirmed')).toBe(1);
    expect(await notificationMessages(ctx.app, donor.id, 'Donation confirmed')).toEqual([
      expect.stringMatching(/^Your donation of GH₵125\.50 to "Borehole for Walewale \d+" is confirmed\.$/),
    ]);
    expect(await notificationMessages(ctx.app, organizer.id, 'New donation')).toEqual([
      expect.stringMatching(/^Kofi Boateng donated GH₵125\.50 to "Borehole for Walewale \d+"$/),
    ]);
    // A repeat after settlement answers the stored outcome and changes nothing.
    const again = await verify(ctx.app, start.reference);
    expect(again.json()).toMatchObject({ status: 'success', message: 'Payment verified successfully', total_amount: '125.50' });
    expect(await currentAmount(ctx.app, causeId)).toBe(before + 12_550);
  });

  it.each([
    ['amount', { amount: 9_999 }, /amount GH₵99\.99 from the provider, expected GH₵100\.00/],
    ['currency', { currency: 'NGN' }, /currency NGN from the provider, expected GHS/],
  ])('flags a payment whose %s differs at the provider, credits nothing and tells the admins', async (_what, override, reason) => {
    const { admin, organizer, causeId } = await scene(ctx.app);
    const before = await currentAmount(ctx.app, causeId);
    const start = await donate(ctx.app, causeId, '100.00');
    await sandboxDecide(ctx.app, start.reference, 'success', override);
    const res = await signedWebhook(ctx.app, ctx.app.payments.webhookSecret, chargeSuccess(start.reference));
    expect(res.statusCode).toBe(200);
    const payment = await paymentRow(ctx.app, start.reference);
    expect(payment.status).toBe('flagged');
    expect(payment.flagged_reason).toMatch(reason);
    expect(await currentAmount(ctx.app, causeId)).toBe(before);
    const verified = await verify(ctx.app, start.reference);
    // Paid, but not something a client may show as verified: 202 without a message.
    expect(verified.statusCode).toBe(202);
    const answer = verified.json();
    expect(answer).toMatchObject({ status: 'flagged', detail: 'Payment is under review' });
    expect(answer).not.toHaveProperty('message');
    expect(answer.donations[0].status).toBe('pending');
    expect(await notificationCount(ctx.app, organizer.id, 'New donation')).toBe(0);
    const flagged = await notificationMessages(ctx.app, admin.id, 'Payment flagged');
    expect(flagged.some((m) => m.startsWith(`Payment ${start.reference} flagged: `) && reason.test(m))).toBe(true);
  });

  it('refuses a forged webhook with 401 and changes nothing', async () => {
    const { causeId } = await scene(ctx.app);
    const before = await currentAmount(ctx.app, causeId);
    const start = await donate(ctx.app, causeId, '40.00');
    await sandboxDecide(ctx.app, start.reference, 'success');
    const forged = await signedWebhook(ctx.app, 'not-the-secret', chargeSuccess(start.reference));
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toEqual({ detail: 'Invalid webhook signature.', code: 'not_authenticated' });
    const unsigned = await ctx.app.inject({ method: 'POST', url: '/api/payments/webhook/', payload: chargeSuccess(start.reference) });
    expect(unsigned.statusCode).toBe(401);
    // Signed for one body, sent with another.
    const good = JSON.stringify(chargeSuccess('bf-other'));
    const { signBody } = await import('../../src/server/payments/signature');
    const swapped = await ctx.app.inject({
      method: 'POST',
      url: '/api/payments/webhook/',
      payload: JSON.stringify(chargeSuccess(start.reference)),
      headers: { 'content-type': 'application/json', 'x-paystack-signature': signBody(good, ctx.app.payments.webhookSecret) },
    });
    expect(swapped.statusCode).toBe(401);
    expect((await paymentRow(ctx.app, start.reference)).status).toBe('pending');
    expect(await currentAmount(ctx.app, causeId)).toBe(before);
  });

  it('runs the sandbox checkout end to end: page, Pay, 303 to the status page, verified', async () => {
    const { causeId } = await scene(ctx.app);
    const before = await currentAmount(ctx.app, causeId);
    const start = await donate(ctx.app, causeId, '1250.00');
    expect(start.authorization_url).toBe(`https://boafo.test/sandbox/checkout/${start.reference}`);
    expect(start.reference).toMatch(/^bf-[a-z2-7]{24}$/);
    const path = new URL(start.authorization_url).pathname;
    const page = await ctx.app.inject({ url: path });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Test checkout — no real money moves');
    expect(page.body).toContain('GH₵1,250.00');
    expect(page.body).toMatch(/Borehole for Walewale \d+/);
    expect(page.body).toContain('value="mobile_money"');
    expect(page.body).not.toContain('<script');
    // The app's CSP is unchanged and enough: inline styles are allowed, forms post to 'self'.
    expect(page.headers['content-security-policy']).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')*;/);
    expect(page.headers['content-security-policy']).toContain("form-action 'self'");
    const pending = await verify(ctx.app, start.reference);
    expect(pending.statusCode).toBe(202);
    expect(pending.json()).toMatchObject({ status: 'pending', detail: 'Payment is still pending' });
    expect(pending.json()).not.toHaveProperty('message');
    const pay = await ctx.app.inject({
      method: 'POST',
      url: `${path}/`,
      payload: 'method=mobile_money&outcome=success',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(pay.statusCode).toBe(303);
    expect(pay.headers.location).toBe(`https://boafo.test/payment-status?reference=${start.reference}`);
    // The webhook already settled it, before anyone verified.
    expect((await paymentRow(ctx.app, start.reference)).status).toBe('success');
    const verified = (await verify(ctx.app, start.reference)).json();
    expect(verified).toMatchObject({
      reference: start.reference,
      status: 'success',
      message: 'Payment verified successfully',
      currency: 'GHS',
    });
    expect(verified.donations).toEqual([expect.objectContaining({ cause_id: causeId, amount: '1250.00', status: 'completed' })]);
    expect(JSON.stringify(verified)).not.toContain('ama.guest@example.com');
    expect(await currentAmount(ctx.app, causeId)).toBe(before + 125_000);
    // A second click cannot change a decided charge; JSON callers get {redirect}.
    const late = await ctx.app.inject({ method: 'POST', url: `${path}/`, payload: { outcome: 'failed' } });
    expect(late.json()).toEqual({ redirect: `https://boafo.test/payment-status?reference=${start.reference}` });
    expect((await paymentRow(ctx.app, start.reference)).status).toBe('success');
    const decided = await ctx.app.inject({ url: path });
    expect(decided.body).toContain('already <strong>success</strong>');
  });

  it.each([
    ['failed', 'Payment failed', 0],
    // Cancelled is Paystack's abandoned: still payable, so pending until PAYMENT_ABANDON_AFTER_SECONDS have passed.
    ['abandoned', 'Payment was cancelled', 3600],
  ])('marks donations %s when the tester picks it', async (outcome, detail, ageSeconds) => {
    const { causeId } = await scene(ctx.app);
    const donor = await newSession(ctx.app);
    const start = await donate(ctx.app, causeId, '15.00', {}, donor.access);
    const path = new URL(start.authorization_url).pathname;
    const res = await ctx.app.inject({ method: 'POST', url: `${path}/`, payload: { outcome } });
    expect(res.statusCode).toBe(200);
    await ctx.app.db.execute(sql`UPDATE payments SET created_at = created_at - make_interval(secs => ${ageSeconds}),
      provider_checked_at = NULL WHERE reference = ${start.reference}`);
    const verified = await verify(ctx.app, start.reference);
    expect(verified.statusCode).toBe(402);
    const answer = verified.json();
    expect(answer).toMatchObject({ status: outcome, detail, code: `payment_${outcome}` });
    expect(answer).not.toHaveProperty('message');
    expect(answer.donations[0].status).toBe(outcome);
    // The donor's history shows the outcome when asked for it (the default lists money given).
    expect((await ctx.app.inject({ url: '/api/donations/', headers: bearer(donor.access) })).json().count).toBe(0);
    const history = await ctx.app.inject({ url: '/api/donations/?status=failed,abandoned', headers: bearer(donor.access) });
    expect(history.json().results.map((d: { status: string; reference: string }) => [d.status, d.reference])).toEqual([
      [outcome, start.reference],
    ]);
  });

  it('keeps a cancelled sandbox checkout pending and payable, like a Paystack checkout left unpaid', async () => {
    const { causeId } = await scene(ctx.app);
    const before = await currentAmount(ctx.app, causeId);
    const start = await donate(ctx.app, causeId, '18.00', { payment_method: 'card' });
    const path = `/sandbox/checkout/${start.reference}/`;
    expect((await ctx.app.inject({ method: 'POST', url: path, payload: { outcome: 'abandoned' } })).statusCode).toBe(200);
    for (let i = 0; i < 3; i += 1) {
      const verified = await verify(ctx.app, start.reference);
      expect(verified.statusCode).toBe(202);
      expect(verified.json()).toMatchObject({ status: 'pending', detail: expect.stringMatching(/^Payment not completed yet\./) });
      expect(verified.json().donations[0].status).toBe('pending');
    }
    // Back on the checkout: nothing was charged, and it can still be paid.
    const page = await ctx.app.inject({ url: path });
    expect(page.body).toContain('You cancelled this test payment');
    expect(page.body).toContain('value="success"');
    const pay = await ctx.app.inject({
      method: 'POST',
      url: path,
      payload: 'method=mobile_money&outcome=success',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(pay.statusCode).toBe(303);
    expect((await verify(ctx.app, start.reference)).json()).toMatchObject({ status: 'success', message: 'Payment verified successfully' });
    expect(await currentAmount(ctx.app, causeId)).toBe(before + 1_800);
    // Paid is final: a later click changes nothing.
    await ctx.app.inject({ method: 'POST', url: path, payload: { outcome: 'abandoned' } });
    expect((await verify(ctx.app, start.reference)).statusCode).toBe(200);
    expect((await ctx.app.inject({ url: path })).body).toContain('already <strong>success</strong>');
  });

  it('answers 404 JSON for an unknown reference, and for a bad outcome a 400', async () => {
    const res = await verify(ctx.app, 'bf-aaaaaaaaaaaaaaaaaaaaaaaa');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Payment not found.', code: 'not_found' });
    expect((await ctx.app.inject({ url: '/sandbox/checkout/bf-nope' })).statusCode).toBe(404);
    const { causeId } = await scene(ctx.app);
    const start = await donate(ctx.app, causeId, '5.00');
    const bad = await ctx.app.inject({ method: 'POST', url: `/sandbox/checkout/${start.reference}/`, payload: { outcome: 'maybe' } });
    expect(bad.statusCode).toBe(400);
  });
});

const postgres = backends.find((b) => b.name === 'postgres');

describe.runIf(postgres)('settling one payment from two app instances on one PostgreSQL', () => {
  const apps = useTwoApps(postgres!, { admin: ADMIN });

  it('shares the sandbox secret and credits exactly once', async () => {
    const { a, b } = apps;
    expect(a.payments.webhookSecret).toBe(b.payments.webhookSecret);
    const { organizer, causeId } = await scene(a);
    const donor = await newSession(b);
    const before = await currentAmount(a, causeId);
    const start = await donate(b, causeId, '77.77', {}, donor.access);
    await sandboxDecide(a, start.reference, 'success');
    await stampede([a, b], start.reference);
    expect(await currentAmount(b, causeId)).toBe(before + 7_777);
    expect(await notificationCount(a, organizer.id, 'New donation')).toBe(1);
    expect(await notificationCount(a, donor.id, 'Donation confirmed')).toBe(1);
    const completed = await one<{ n: number }>(
      a,
      sql`SELECT count(*)::int AS n FROM donations WHERE reference = ${start.reference} AND status = 'completed'`,
    );
    expect(completed.n).toBe(1);
    expect((await paymentRow(b, start.reference)).status).toBe('success');
  });
});
