/**
 * Mobile money without leaving the app (issue #30) on the sandbox provider: the prompt, the code,
 * the phone's answer settling through the webhook → verify → settlePayment path, exactly once,
 * a resend after a timeout, a late approval, field errors, ownership, and the socket message.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { MobileCharge } from '../../src/shared/contract/mobile-money';
import { backends } from './helpers/backends';
import { bearer, newSession, useApp, useTwoApps } from './helpers/app';
import { ADMIN } from './helpers/causes';
import { chargeSuccess, currentAmount, notificationCount, one, scene, signedWebhook, verify } from './helpers/giving';
import { closeAll, openSocket, socketUrl } from './helpers/realtime';

const MTN = '024 123 4561';
const MTN_OTP = '0241234560';
const MTN_BROKE = '+233 24 123 4569';

async function giveByMomo(
  app: FastifyInstance,
  causeId: string,
  amount: string,
  phone: string,
  extra: Record<string, unknown> = {},
  token?: string,
) {
  return app.inject({
    method: 'POST',
    url: '/api/cart/donate/',
    headers: token ? bearer(token) : {},
    payload: { cause_id: causeId, donation_amount: amount, email: 'ama.momo@example.com', mobile_money: { phone }, ...extra },
  });
}

async function prompt(app: FastifyInstance, causeId: string, amount: string, phone = MTN, token?: string): Promise<MobileCharge> {
  const res = await giveByMomo(app, causeId, amount, phone, {}, token);
  if (res.statusCode !== 200) throw new Error(`momo donate failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

const phoneAnswer = (app: FastifyInstance, reference: string, outcome: string) =>
  app.inject({ method: 'POST', url: `/sandbox/momo/${reference}/`, payload: { outcome } });

/** The prompt lapses now (tests do not wait three minutes). */
const lapse = (app: FastifyInstance, reference: string) =>
  app.db.execute(
    sql`UPDATE mobile_charges SET expires_at = now() - interval '1 second' WHERE payment_id = (SELECT id FROM payments WHERE reference = ${reference})`,
  );

/** 20 signed webhooks and 50 verifies at once; while the approval races them, a verify may still answer 202 (pending). */
async function stampede(apps: FastifyInstance[], reference: string, racing = false) {
  const calls = [
    ...Array.from({ length: 20 }, (_, i) => signedWebhook(apps[i % apps.length], apps[0].payments.webhookSecret, chargeSuccess(reference))),
    ...Array.from({ length: 50 }, (_, i) => verify(apps[i % apps.length], reference)),
  ];
  const answers = await Promise.all(calls);
  for (const answer of answers) expect(racing ? [200, 202] : [200]).toContain(answer.statusCode);
}

describe.each(backends)('mobile money on $name', (backend) => {
  const ctx = useApp(backend, { admin: ADMIN });

  it('sends the prompt, and the approval on the phone credits once under 20 webhooks and 50 verifies', async () => {
    const { organizer, causeId } = await scene(ctx.app);
    const before = await currentAmount(ctx.app, causeId);
    const charge = await prompt(ctx.app, causeId, '20.00');
    expect(charge).toMatchObject({ status: 'pay_offline', network: 'mtn', phone: '+233 24 123 4561', total_amount: '20.00' });
    expect(charge.display_text).toBe('Approve GH₵20.00 on your phone.');
    const page = await ctx.app.inject({ url: '/sandbox/phone/0241234561' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(charge.reference);
    expect(page.body).toContain('Approve GH₵20.00');
    const [approved] = await Promise.all([phoneAnswer(ctx.app, charge.reference, 'approve'), stampede([ctx.app], charge.reference, true)]);
    expect(approved.json()).toEqual({ reference: charge.reference, status: 'success' });
    await stampede([ctx.app], charge.reference);
    expect(await currentAmount(ctx.app, causeId)).toBe(before + 2_000);
    expect(await notificationCount(ctx.app, organizer.id, 'New donation')).toBe(1);
    const paid = await one<{ channel: string; method: string }>(
      ctx.app,
      sql`SELECT p.channel, d.payment_method AS method FROM payments p JOIN donations d ON d.payment_id = p.id WHERE p.reference = ${charge.reference}`,
    );
    expect(paid).toEqual({ channel: 'mobile_money', method: 'mobile_money' });
    const status = await ctx.app.inject({ url: `/api/payments/${charge.reference}/mobile/` });
    expect(status.json()).toMatchObject({ status: 'success', display_text: 'Thank you! GH₵20.00 received.' });
    // Approved prompts leave the phone; a second answer is refused.
    expect((await ctx.app.inject({ url: '/sandbox/phone/0241234561' })).body).not.toContain(charge.reference);
    expect((await phoneAnswer(ctx.app, charge.reference, 'approve')).statusCode).toBe(409);
  });

  it('asks for the code on numbers ending in 0: the right one pays, a wrong one fails "Wrong code"', async () => {
    const { causeId } = await scene(ctx.app);
    const before = await currentAmount(ctx.app, causeId);
    const charge = await prompt(ctx.app, causeId, '15.00', MTN_OTP);
    expect(charge.status).toBe('send_otp');
    const paid = await ctx.app.inject({ method: 'POST', url: `/api/payments/${charge.reference}/otp/`, payload: { otp: '123 456' } });
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ status: 'success' });
    expect(await currentAmount(ctx.app, causeId)).toBe(before + 1_500);

    const other = await prompt(ctx.app, causeId, '15.00', MTN_OTP);
    const wrong = await ctx.app.inject({ method: 'POST', url: `/api/payments/${other.reference}/otp/`, payload: { otp: '654321' } });
    expect(wrong.json()).toMatchObject({ status: 'failed', display_text: 'Wrong code' });
    expect(await currentAmount(ctx.app, causeId)).toBe(before + 1_500);
  });

  it('fails at once with the reason in plain words, and a decline on the phone reaches the status', async () => {
    const { causeId } = await scene(ctx.app);
    const broke = await prompt(ctx.app, causeId, '30.00', MTN_BROKE);
    expect(broke).toMatchObject({ status: 'failed', display_text: 'Not enough money in the wallet' });
    const charge = await prompt(ctx.app, causeId, '30.00');
    expect((await phoneAnswer(ctx.app, charge.reference, 'decline')).json().status).toBe('failed');
    const status = await ctx.app.inject({ url: `/api/payments/${charge.reference}/mobile/` });
    expect(status.json()).toMatchObject({ status: 'failed', display_text: 'Declined on the phone' });
  });

  it('refuses bad wallets with field errors and sends nothing', async () => {
    const { causeId } = await scene(ctx.app);
    const payments = async () => (await one<{ n: number }>(ctx.app, sql`SELECT count(*)::int AS n FROM payments`)).n;
    const before = await payments();
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ phone: '024123456' }, 'mobile_money.phone', /10 digits/],
      [{ phone: '0302123456' }, 'mobile_money.phone', /landline/],
      [{ phone: '0231234567' }, 'mobile_money.phone', /no mobile money network we can charge/],
      [{ phone: 'call me' }, 'mobile_money.phone', /Ghana mobile number/],
    ];
    for (const [wallet, field, message] of cases) {
      const res = await giveByMomo(ctx.app, causeId, '10.00', '', { mobile_money: wallet });
      expect(res.statusCode, JSON.stringify(wallet)).toBe(400);
      expect(res.json().errors[field].join(' ')).toMatch(message);
    }
    const unknown = await giveByMomo(ctx.app, causeId, '10.00', '', { mobile_money: { phone: MTN, network: 'glo' } });
    expect(unknown.statusCode).toBe(400);
    expect(JSON.stringify(unknown.json().errors)).toContain('network');
    const donor = await newSession(ctx.app);
    const monthly = await giveByMomo(ctx.app, causeId, '10.00', MTN, { interval: 'monthly' }, donor.access);
    expect(monthly.statusCode).toBe(400);
    expect(monthly.json().errors.interval).toBeDefined();
    expect(await payments()).toBe(before);
    // A ported number: the donor says Telecel although the prefix is MTN's.
    const ported = await giveByMomo(ctx.app, causeId, '10.00', '', { mobile_money: { phone: MTN, network: 'telecel' } });
    expect(ported.statusCode).toBe(200);
    expect(ported.json().network).toBe('telecel');
  });

  it('checks the code and who asks: wrong shape 400, someone else’s payment 404', async () => {
    const { causeId } = await scene(ctx.app);
    const owner = await newSession(ctx.app);
    const stranger = await newSession(ctx.app);
    const charge = await prompt(ctx.app, causeId, '12.00', MTN_OTP, owner.access);
    for (const otp of ['12', '123456789', 'abcdef']) {
      const res = await ctx.app.inject({ method: 'POST', url: `/api/payments/${charge.reference}/otp/`, payload: { otp } });
      expect(res.statusCode, otp).toBe(400);
      expect(res.json().errors.otp).toBeDefined();
    }
    for (const headers of [bearer(stranger.access), {}]) {
      const otp = await ctx.app.inject({
        method: 'POST',
        url: `/api/payments/${charge.reference}/otp/`,
        headers,
        payload: { otp: '123456' },
      });
      expect(otp.statusCode).toBe(404);
      const resend = await ctx.app.inject({ method: 'POST', url: `/api/payments/${charge.reference}/resend/`, headers });
      expect(resend.statusCode).toBe(404);
    }
    const unknown = await ctx.app.inject({ method: 'POST', url: '/api/payments/bf-nosuchreference/otp/', payload: { otp: '123456' } });
    expect(unknown.statusCode).toBe(404);
    const mine = await ctx.app.inject({
      method: 'POST',
      url: `/api/payments/${charge.reference}/otp/`,
      headers: bearer(owner.access),
      payload: { otp: '123456' },
    });
    expect(mine.json().status).toBe('success');
  });

  it('after a timeout, a resent prompt is a new charge and only the one that succeeded is credited', async () => {
    const { organizer, causeId } = await scene(ctx.app);
    const before = await currentAmount(ctx.app, causeId);
    const first = await prompt(ctx.app, causeId, '25.00');
    const early = await ctx.app.inject({ method: 'POST', url: `/api/payments/${first.reference}/resend/` });
    expect(early.statusCode).toBe(409);
    await lapse(ctx.app, first.reference);
    await phoneAnswer(ctx.app, first.reference, 'timeout');
    const status = await ctx.app.inject({ url: `/api/payments/${first.reference}/mobile/` });
    expect(status.json()).toMatchObject({ status: 'failed', display_text: 'Timed out' });
    const again = await ctx.app.inject({ method: 'POST', url: `/api/payments/${first.reference}/resend/` });
    expect(again.statusCode).toBe(200);
    const second = again.json() as MobileCharge;
    expect(second.reference).not.toBe(first.reference);
    expect(second.status).toBe('pay_offline');
    expect((await ctx.app.inject({ method: 'POST', url: `/api/payments/${first.reference}/resend/` })).statusCode).toBe(409);
    await phoneAnswer(ctx.app, second.reference, 'approve');
    await stampede([ctx.app], second.reference);
    await signedWebhook(ctx.app, ctx.app.payments.webhookSecret, chargeSuccess(first.reference));
    expect(await currentAmount(ctx.app, causeId)).toBe(before + 2_500);
    expect(await notificationCount(ctx.app, organizer.id, 'New donation')).toBe(1);
    expect((await verify(ctx.app, first.reference)).statusCode).toBe(402);
  });

  it('an approval that arrives after the resend is credited, and the new prompt is withdrawn', async () => {
    const { organizer, causeId } = await scene(ctx.app);
    const before = await currentAmount(ctx.app, causeId);
    const first = await prompt(ctx.app, causeId, '40.00');
    await lapse(ctx.app, first.reference);
    const second = (await ctx.app.inject({ method: 'POST', url: `/api/payments/${first.reference}/resend/` })).json() as MobileCharge;
    expect(second.status).toBe('pay_offline');
    // The old prompt was still open on the phone: the donor approves it after all.
    expect((await phoneAnswer(ctx.app, first.reference, 'approve')).json().status).toBe('success');
    await stampede([ctx.app], first.reference);
    expect(await currentAmount(ctx.app, causeId)).toBe(before + 4_000);
    // The new prompt can no longer be approved, and the gift counts once.
    expect((await phoneAnswer(ctx.app, second.reference, 'approve')).statusCode).toBe(409);
    expect((await ctx.app.inject({ url: '/sandbox/phone/0241234561' })).body).not.toContain(second.reference);
    expect((await verify(ctx.app, second.reference)).statusCode).toBe(402);
    expect((await verify(ctx.app, first.reference)).statusCode).toBe(200);
    expect(await currentAmount(ctx.app, causeId)).toBe(before + 4_000);
    expect(await notificationCount(ctx.app, organizer.id, 'New donation')).toBe(1);
  });

  it('checks out a two-cause cart by mobile money', async () => {
    const a = await scene(ctx.app);
    const b = await scene(ctx.app);
    const [beforeA, beforeB] = [await currentAmount(ctx.app, a.causeId), await currentAmount(ctx.app, b.causeId)];
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/cart/checkout/',
      payload: {
        mode: 'separately',
        amounts: { [a.causeId]: '10.00', [b.causeId]: '5.50' },
        email: 'ama.cart@example.com',
        mobile_money: { phone: MTN },
      },
    });
    expect(res.statusCode).toBe(200);
    const charge = res.json() as MobileCharge;
    expect(charge).toMatchObject({ status: 'pay_offline', total_amount: '15.50' });
    await phoneAnswer(ctx.app, charge.reference, 'approve');
    expect((await verify(ctx.app, charge.reference)).statusCode).toBe(200);
    expect(await currentAmount(ctx.app, a.causeId)).toBe(beforeA + 1_000);
    expect(await currentAmount(ctx.app, b.causeId)).toBe(beforeB + 550);
  });

  it('tells a guest socket watching the reference, and the donor’s own sockets', async () => {
    const { causeId } = await scene(ctx.app);
    const url = await socketUrl(ctx.app);
    const guest = await openSocket(url);
    const stranger = await openSocket(url);
    try {
      const charge = await prompt(ctx.app, causeId, '20.00');
      guest.send({ type: 'watch_payment', reference: charge.reference });
      // The watch is handled before the next message; a ping answered means it is in place.
      guest.send({ type: 'ping' });
      await guest.next((m) => m.type === 'pong');
      await phoneAnswer(ctx.app, charge.reference, 'approve');
      const message = await guest.next((m) => m.type === 'payment');
      expect(message).toEqual({
        type: 'payment',
        reference: charge.reference,
        status: 'success',
        display_text: 'Thank you! GH₵20.00 received.',
      });
      // The stranger's ping is answered after the payment message went out: nothing came before it.
      stranger.send({ type: 'ping' });
      await stranger.next((m) => m.type === 'pong');
      expect(stranger.messages.some((m) => m.type === 'payment')).toBe(false);
    } finally {
      closeAll(guest, stranger);
    }
  });
});

const postgres = backends.find((b) => b.name === 'postgres');

describe.runIf(postgres)('mobile money on two app instances', () => {
  const apps = useTwoApps(postgres!, { admin: ADMIN });

  it('credits once when the approval, 20 webhooks and 50 verifies race on two processes', async () => {
    const { a, b } = apps;
    const { organizer, causeId } = await scene(a);
    const before = await currentAmount(a, causeId);
    const charge = await prompt(b, causeId, '20.00');
    await Promise.all([phoneAnswer(a, charge.reference, 'approve'), stampede([a, b], charge.reference, true)]);
    await stampede([b, a], charge.reference);
    expect(await currentAmount(b, causeId)).toBe(before + 2_000);
    expect(await notificationCount(a, organizer.id, 'New donation')).toBe(1);
  });

  it('reaches a guest socket on the other process', async () => {
    const { a, b } = apps;
    const { causeId } = await scene(a);
    const guest = await openSocket(await socketUrl(b));
    try {
      const charge = await prompt(a, causeId, '20.00');
      guest.send({ type: 'watch_payment', reference: charge.reference });
      guest.send({ type: 'ping' });
      await guest.next((m) => m.type === 'pong');
      await phoneAnswer(a, charge.reference, 'decline');
      expect(await guest.next((m) => m.type === 'payment')).toMatchObject({ status: 'failed', display_text: 'Declined on the phone' });
    } finally {
      closeAll(guest);
    }
  });
});
