import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config';
import { ABANDONED_RECHECK_SECONDS } from '../../src/server/payments/service';
import { backends } from './helpers/backends';
import { newSession, useApp } from './helpers/app';
import { ADMIN } from './helpers/causes';
import { useFakePaystack } from './helpers/fake-paystack';
import {
  chargeSuccess,
  currentAmount,
  donate,
  notificationCount,
  notificationMessages,
  one,
  paymentRow,
  scene,
  signedWebhook,
  verify,
} from './helpers/giving';

describe('PAYMENT_PROVIDER settings', () => {
  it('fails loudly without a Paystack key, or with an unknown provider', () => {
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'paystack' })).toThrow(ConfigError);
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'paystack' })).toThrow(/PAYSTACK_SECRET_KEY is required/);
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'stripe' })).toThrow(/PAYMENT_PROVIDER must be one of sandbox, paystack/);
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'paystack', PAYSTACK_SECRET_KEY: 'sk', PAYSTACK_BASE_URL: 'ftp://x' })).toThrow(
      /PAYSTACK_BASE_URL/,
    );
    expect(loadConfig({}).payments).toEqual({ provider: 'sandbox', paystackSecretKey: null, paystackBaseUrl: 'https://api.paystack.co' });
  });
});

describe.each(backends)('Paystack adapter against a local paystack.fake Paystack on $name', (backend) => {
  // useApp builds the app in its own beforeAll; the paystack.fake must be up first.
  const paystack = useFakePaystack();
  const { payments } = paystack;
  const ctx = useApp(backend, { admin: ADMIN, publicUrl: 'https://boafo.test', payments });

  it('initializes with our reference and pesewas, then credits on a signed charge.success', async () => {
    const { organizer, causeId } = await scene(ctx.app);
    const donor = await newSession(ctx.app);
    const before = await currentAmount(ctx.app, causeId);
    const start = await donate(ctx.app, causeId, '49.99', { quantity: 2 }, donor.access);
    const tx = paystack.fake.transactions.get(start.reference)!;
    expect(start.authorization_url).toBe(`https://checkout.paystack.com/${tx.access_code}`);
    expect(start.total_amount).toBe('99.98');
    expect(tx).toMatchObject({
      amount: 9_998,
      currency: 'GHS',
      email: 'ama.guest@example.com',
      callback_url: 'https://boafo.test/payment-status',
    });
    const payment = await paymentRow(ctx.app, start.reference);
    expect(tx.metadata).toEqual({ donation_ids: [expect.any(String)], payment_id: payment.id });
    expect(paystack.fake.requests.every((r) => r.authorized)).toBe(true);

    // Not paid yet: Paystack says abandoned, which is still pending to us; a later success must be credited.
    expect((await verify(ctx.app, start.reference)).json().status).toBe('pending');
    paystack.fake.setOutcome(start.reference, 'success');
    const hook = await signedWebhook(ctx.app, paystack.fake.secret, {
      ...chargeSuccess(start.reference),
      data: { reference: start.reference, amount: 1 },
    });
    expect(hook.statusCode).toBe(200);
    expect(hook.json()).toEqual({ received: true });
    expect((await verify(ctx.app, start.reference)).json()).toMatchObject({ status: 'success', total_amount: '99.98' });
    expect(await currentAmount(ctx.app, causeId)).toBe(before + 9_998);
    expect(await notificationCount(ctx.app, organizer.id, 'New donation')).toBe(1);
    // Replayed webhook: nothing more.
    await signedWebhook(ctx.app, paystack.fake.secret, chargeSuccess(start.reference));
    expect(await currentAmount(ctx.app, causeId)).toBe(before + 9_998);
  });

  it('verifies a pending payment by asking Paystack', async () => {
    const { causeId } = await scene(ctx.app);
    const start = await donate(ctx.app, causeId, '10.00');
    paystack.fake.setOutcome(start.reference, 'ongoing');
    expect((await verify(ctx.app, start.reference)).json().status).toBe('pending');
    paystack.fake.setOutcome(start.reference, 'success');
    expect((await verify(ctx.app, start.reference)).json()).toMatchObject({ status: 'success', message: 'Payment verified successfully' });
  });

  it('asks again about a checkout Paystack called abandoned: 50 verifies and 20 webhooks after the donor paid all get 200, credited once', async () => {
    const { organizer, causeId } = await scene(ctx.app);
    const before = await currentAmount(ctx.app, causeId);
    const start = await donate(ctx.app, causeId, '35.00');
    const asked = () => paystack.fake.requests.filter((r) => r.path === `/transaction/verify/${start.reference}`).length;
    // The donor left the checkout unpaid: Paystack says abandoned, and the donor may still pay it.
    const left = await verify(ctx.app, start.reference);
    expect(left.statusCode).toBe(202);
    expect(left.json()).toMatchObject({ status: 'pending', detail: expect.stringMatching(/^Payment not completed yet\./) });
    expect(left.json()).not.toHaveProperty('code');
    // The donor's page checking again and again asks Paystack at most once every few seconds.
    const askedOnce = asked();
    for (let i = 0; i < 5; i += 1) expect((await verify(ctx.app, start.reference)).statusCode).toBe(202);
    expect(asked()).toBe(askedOnce);

    // The donor goes back and pays; a few seconds have passed since the last question.
    paystack.fake.setOutcome(start.reference, 'success');
    await ctx.app.db.execute(sql`UPDATE payments SET provider_checked_at = now() - make_interval(secs => ${ABANDONED_RECHECK_SECONDS})
      WHERE reference = ${start.reference}`);
    const event = { event: 'charge.success', data: { reference: start.reference, status: 'success', channel: 'card' } };
    const calls = Array.from({ length: 70 }, (_, i) =>
      i % 7 < 5 ? verify(ctx.app, start.reference) : signedWebhook(ctx.app, paystack.fake.secret, event),
    );
    const answers = await Promise.all(calls);
    expect(answers.map((a) => a.statusCode)).toEqual(Array.from({ length: 70 }, () => 200));
    const verified = answers.filter((_, i) => i % 7 < 5);
    expect(verified).toHaveLength(50);
    for (const answer of verified) expect(answer.json()).toMatchObject({ status: 'success', message: 'Payment verified successfully' });
    expect(await currentAmount(ctx.app, causeId)).toBe(before + 3_500);
    expect(await notificationCount(ctx.app, organizer.id, 'New donation')).toBe(1);
    const paid = await one<{ n: number }>(
      ctx.app,
      sql`SELECT count(*)::int AS n FROM donations WHERE reference = ${start.reference} AND status = 'completed'`,
    );
    expect(paid.n).toBe(1);
  });

  it('abandons a checkout Paystack still calls abandoned once PAYMENT_ABANDON_AFTER_SECONDS have passed; a late payment still credits', async () => {
    const { causeId } = await scene(ctx.app);
    const before = await currentAmount(ctx.app, causeId);
    const start = await donate(ctx.app, causeId, '12.00');
    expect((await verify(ctx.app, start.reference)).statusCode).toBe(202);
    await ctx.app.db
      .execute(sql`UPDATE payments SET created_at = now() - make_interval(secs => ${ctx.app.config.sweeper.paymentAbandonSeconds}),
      provider_checked_at = NULL WHERE reference = ${start.reference}`);
    const expired = await verify(ctx.app, start.reference);
    expect(expired.statusCode).toBe(402);
    expect(expired.json()).toMatchObject({ status: 'abandoned', code: 'payment_abandoned', detail: 'Payment was cancelled' });
    expect((await paymentRow(ctx.app, start.reference)).status).toBe('abandoned');
    // Past the window a verify no longer asks; Paystack's webhook for a late payment still credits it.
    paystack.fake.setOutcome(start.reference, 'success');
    expect((await verify(ctx.app, start.reference)).statusCode).toBe(402);
    await signedWebhook(ctx.app, paystack.fake.secret, chargeSuccess(start.reference));
    expect((await verify(ctx.app, start.reference)).statusCode).toBe(200);
    expect(await currentAmount(ctx.app, causeId)).toBe(before + 1_200);
  });

  it('flags a charge whose amount or currency Paystack reports differently', async () => {
    const { admin, causeId } = await scene(ctx.app);
    const before = await currentAmount(ctx.app, causeId);
    const low = await donate(ctx.app, causeId, '20.00');
    const naira = await donate(ctx.app, causeId, '20.00');
    paystack.fake.setOutcome(low.reference, 'success', { amount: 200 });
    paystack.fake.setOutcome(naira.reference, 'success', { currency: 'NGN' });
    await signedWebhook(ctx.app, paystack.fake.secret, chargeSuccess(low.reference));
    await signedWebhook(ctx.app, paystack.fake.secret, chargeSuccess(naira.reference));
    expect((await paymentRow(ctx.app, low.reference)).status).toBe('flagged');
    expect((await paymentRow(ctx.app, naira.reference)).status).toBe('flagged');
    expect(await currentAmount(ctx.app, causeId)).toBe(before);
    const messages = await notificationMessages(ctx.app, admin.id, 'Payment flagged');
    expect(messages).toEqual(
      expect.arrayContaining([
        `Payment ${low.reference} flagged: amount GH₵2.00 from the provider, expected GH₵20.00`,
        `Payment ${naira.reference} flagged: currency NGN from the provider, expected GHS`,
      ]),
    );
  });

  it('rejects a webhook signed with another key', async () => {
    const { causeId } = await scene(ctx.app);
    const start = await donate(ctx.app, causeId, '10.00');
    paystack.fake.setOutcome(start.reference, 'success');
    const res = await signedWebhook(ctx.app, 'sk_test_wrong', chargeSuccess(start.reference));
    expect(res.statusCode).toBe(401);
    expect((await paymentRow(ctx.app, start.reference)).status).toBe('pending');
  });

  it('answers 502 when Paystack will not start a payment, and the retry works', async () => {
    const { causeId } = await scene(ctx.app);
    paystack.fake.failInitializeWith = 500;
    try {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/cart/donate/',
        headers: { 'idempotency-key': 'paystack-down-1' },
        payload: { cause_id: causeId, donation_amount: '10', email: 'kwame@example.com' },
      });
      expect(res.statusCode).toBe(502);
      expect(res.json()).toEqual({ detail: 'Unable to start payment. Please try again.', code: 'server_error' });
    } finally {
      paystack.fake.failInitializeWith = 0;
    }
    // A 5xx is not kept for the key: the same retry goes through.
    const retry = await ctx.app.inject({
      method: 'POST',
      url: '/api/cart/donate/',
      headers: { 'idempotency-key': 'paystack-down-1' },
      payload: { cause_id: causeId, donation_amount: '10', email: 'kwame@example.com' },
    });
    expect(retry.statusCode).toBe(200);
  });

  it('keeps a donation payable when Paystack fails to start its payment', async () => {
    const { causeId } = await scene(ctx.app);
    const donation = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/donations/',
        payload: { cause_id: causeId, donation_amount: '30.00', email: 'efua@example.com' },
      })
    ).json();
    const initiate = () =>
      ctx.app.inject({ method: 'POST', url: '/api/payments/initiate/', payload: { donation_id: donation.id, email: 'efua@example.com' } });
    paystack.fake.failInitializeWith = 503;
    try {
      expect((await initiate()).statusCode).toBe(502);
    } finally {
      paystack.fake.failInitializeWith = 0;
    }
    const again = await initiate();
    expect(again.statusCode).toBe(200);
    expect(paystack.fake.transactions.get(again.json().reference)).toMatchObject({ amount: 3_000, email: 'efua@example.com' });
  });
});
