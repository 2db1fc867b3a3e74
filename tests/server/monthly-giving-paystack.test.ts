/**
 * Monthly gifts through Paystack, against the local paystack.fake that follows the documented plan and
 * subscription API: a plan per gift, the first transaction initialized with it, the subscription
 * linked from subscription.create, later months from charge.success (delivered twice: credited
 * once), a failed month from invoice.payment_failed, and cancelling with POST /subscription/disable.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { backends } from './helpers/backends';
import { bearer, newSession, useApp } from './helpers/app';
import { ADMIN } from './helpers/causes';
import { useFakePaystack } from './helpers/fake-paystack';
import { chargeSuccess, currentAmount, notificationMessages, one, scene, signedWebhook } from './helpers/giving';

describe.each(backends)('monthly gifts through Paystack on $name', (backend) => {
  const paystack = useFakePaystack();
  const { payments } = paystack;
  const ctx = useApp(backend, { admin: ADMIN, publicUrl: 'https://boafo.test', payments });
  const hook = (event: unknown) => signedWebhook(ctx.app, paystack.fake.secret, event);
  const monthly = (causeId: string, token: string, extra: Record<string, unknown> = {}) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/cart/donate/',
      headers: bearer(token),
      payload: { cause_id: causeId, donation_amount: '20.00', interval: 'monthly', payment_method: 'card', ...extra },
    });
  const gift = async (token: string) => (await ctx.app.inject({ url: '/api/subscriptions/', headers: bearer(token) })).json()[0];

  it('creates a plan, pays the first month with it, credits each later month once, and cancels at Paystack', async () => {
    const { causeId } = await scene(ctx.app);
    const donor = await newSession(ctx.app);
    const res = await monthly(causeId, donor.access);
    expect(res.statusCode).toBe(200);
    const { reference, subscription_code: code } = res.json();

    const planCall = paystack.fake.requests.find((r) => r.method === 'POST' && r.path === '/plan');
    expect(planCall?.body).toEqual({ name: `Boafo monthly gift ${code}`, amount: 2_000, interval: 'monthly', currency: 'GHS' });
    const [plan] = [...paystack.fake.plans.values()];
    expect(paystack.fake.transactions.get(reference)).toMatchObject({ amount: 2_000, plan: plan.plan_code, channels: ['card'] });

    // First month: the ordinary checkout path, with the plan on the event.
    paystack.fake.setOutcome(reference, 'success');
    await hook({ ...chargeSuccess(reference), data: { reference, plan: { plan_code: plan.plan_code } } });
    expect(await currentAmount(ctx.app, causeId)).toBe(2_000);
    expect(await gift(donor.access)).toMatchObject({ code, status: 'active', charges: 1 });
    const { subscription, event: created } = paystack.fake.subscribe(reference);
    expect((await hook(created)).statusCode).toBe(200);
    const linked = await one<{ provider_code: string; provider_token: string }>(
      ctx.app,
      sql`SELECT provider_code, provider_token FROM subscriptions WHERE code = ${code}`,
    );
    expect(linked).toEqual({ provider_code: subscription.subscription_code, provider_token: subscription.email_token });

    // A later month, its charge.success delivered twice: credited once.
    const renewal = paystack.fake.renew(subscription.subscription_code);
    expect((await hook(renewal.event)).statusCode).toBe(200);
    expect((await hook(renewal.event)).statusCode).toBe(200);
    await Promise.all([hook(renewal.event), hook(renewal.event)]);
    expect(await currentAmount(ctx.app, causeId)).toBe(4_000);
    expect(await gift(donor.access)).toMatchObject({ charges: 2 });
    expect(paystack.fake.requests.some((r) => r.path === `/transaction/verify/${renewal.reference}`)).toBe(true);

    // A month Paystack could not charge: the donor is told once, nothing is credited.
    const failed = paystack.fake.renew(subscription.subscription_code, 'failed');
    await hook(failed.event);
    await hook(failed.event);
    expect(await currentAmount(ctx.app, causeId)).toBe(4_000);
    expect(await notificationMessages(ctx.app, donor.id, 'Monthly gift not charged')).toHaveLength(1);

    // Cancel: Paystack is told with the code and the email token.
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/subscriptions/${code}/`, headers: bearer(donor.access) })).statusCode).toBe(
      204,
    );
    const disable = paystack.fake.requests.filter((r) => r.path === '/subscription/disable');
    expect(disable.map((r) => r.body)).toEqual([{ code: subscription.subscription_code, token: subscription.email_token }]);
    expect(paystack.fake.subscriptions.get(subscription.subscription_code)?.status).toBe('cancelled');
    expect(await gift(donor.access)).toMatchObject({ status: 'cancelled' });
  });

  it('refuses monthly mobile money (Paystack renews cards only) and follows subscription.disable from Paystack', async () => {
    const { causeId } = await scene(ctx.app);
    const donor = await newSession(ctx.app);
    const momo = await monthly(causeId, donor.access, { payment_method: 'mobile_money' });
    expect(momo.statusCode).toBe(400);
    expect(momo.json().errors).toEqual({ payment_method: ['Monthly gifts through this payment provider need a card.'] });

    const { reference, subscription_code: code } = (await monthly(causeId, donor.access)).json();
    paystack.fake.setOutcome(reference, 'success');
    await hook(chargeSuccess(reference));
    const { subscription, event } = paystack.fake.subscribe(reference);
    await hook(event);
    await hook({ event: 'subscription.disable', data: { subscription_code: subscription.subscription_code, status: 'complete' } });
    expect(await gift(donor.access)).toMatchObject({ code, status: 'cancelled', charges: 1 });
  });

  it('has no sandbox clock with Paystack', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/sandbox/subscriptions/bfs-any/charge/', payload: {} });
    expect(res.statusCode).toBe(404);
  });
});
