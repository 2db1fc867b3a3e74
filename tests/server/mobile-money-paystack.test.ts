/**
 * The Paystack adapter's mobile money charge against a local paystack.fake that follows the documented Charge
 * API (POST /charge, POST /charge/submit_otp, verify, the signed charge.success webhook).
 */
import { describe, expect, it } from 'vitest';
import type { MobileCharge } from '../../src/shared/contract/mobile-money';
import { backends } from './helpers/backends';
import { useApp } from './helpers/app';
import { ADMIN } from './helpers/causes';
import { useFakePaystack } from './helpers/fake-paystack';
import { chargeSuccess, currentAmount, scene, signedWebhook, verify } from './helpers/giving';

describe.each(backends)('Paystack mobile money charges on $name', (backend) => {
  const paystack = useFakePaystack();
  const { payments } = paystack;
  const ctx = useApp(backend, { admin: ADMIN, payments });

  const give = async (causeId: string, phone: string, network?: string) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/cart/donate/',
      payload: { cause_id: causeId, donation_amount: '50.00', email: 'kofi@example.com', mobile_money: { phone, network } },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as MobileCharge;
  };

  it('charges the wallet with our reference, pesewas and the network code, and credits on the signed charge.success', async () => {
    const { causeId } = await scene(ctx.app);
    const before = await currentAmount(ctx.app, causeId);
    const charge = await give(causeId, '+233 24 555 0101');
    expect(charge).toMatchObject({ status: 'pay_offline', display_text: 'Please complete authorization process on your mobile phone' });
    const sent = paystack.fake.requests.findLast((r) => r.path === '/charge')!;
    expect(sent.authorized).toBe(true);
    expect(sent.body).toMatchObject({
      email: 'kofi@example.com',
      amount: 5_000,
      currency: 'GHS',
      reference: charge.reference,
      mobile_money: { phone: '0245550101', provider: 'mtn' },
    });
    expect((await verify(ctx.app, charge.reference)).statusCode).toBe(202);
    paystack.fake.approve(charge.reference);
    expect((await signedWebhook(ctx.app, paystack.fake.secret, chargeSuccess(charge.reference))).statusCode).toBe(200);
    expect((await signedWebhook(ctx.app, paystack.fake.secret, chargeSuccess(charge.reference), 'bad')).statusCode).toBe(401);
    expect(await currentAmount(ctx.app, causeId)).toBe(before + 5_000);
    const status = await ctx.app.inject({ url: `/api/payments/${charge.reference}/mobile/` });
    expect(status.json().status).toBe('success');
  });

  it('sends Telecel as vod and AT as atl, and passes the voucher on with submit_otp', async () => {
    const { causeId } = await scene(ctx.app);
    const before = await currentAmount(ctx.app, causeId);
    paystack.fake.chargeRules.set('0205550102', { status: 'send_otp' });
    const charge = await give(causeId, '020 555 0102');
    expect(charge.status).toBe('send_otp');
    expect(paystack.fake.requests.findLast((r) => r.path === '/charge')!.body).toMatchObject({ mobile_money: { provider: 'vod' } });
    const paid = await ctx.app.inject({ method: 'POST', url: `/api/payments/${charge.reference}/otp/`, payload: { otp: '123456' } });
    expect(paystack.fake.requests.findLast((r) => r.path === '/charge/submit_otp')!.body).toEqual({
      otp: '123456',
      reference: charge.reference,
    });
    expect(paid.json().status).toBe('success');
    expect(await currentAmount(ctx.app, causeId)).toBe(before + 5_000);
    await give(causeId, '0265550103');
    expect(paystack.fake.requests.findLast((r) => r.path === '/charge')!.body).toMatchObject({ mobile_money: { provider: 'atl' } });
  });

  it("puts Paystack's failures in plain words", async () => {
    const { causeId } = await scene(ctx.app);
    const cases: [string, string, string][] = [
      ['0245550104', 'Insufficient funds in wallet', 'Not enough money in the wallet'],
      ['0245550105', 'Transaction declined by customer', 'Declined on the phone'],
      ['0245550106', 'Request timed out', 'Timed out'],
    ];
    for (const [phone, message, words] of cases) {
      paystack.fake.chargeRules.set(phone, { status: 'failed', message });
      expect(await give(causeId, phone)).toMatchObject({ status: 'failed', display_text: words });
    }
  });

  it('has no sandbox phone or prompt answers', async () => {
    expect((await ctx.app.inject({ url: '/sandbox/phone/0245550101' })).statusCode).toBe(404);
    const res = await ctx.app.inject({ method: 'POST', url: '/sandbox/momo/bf-anything/', payload: { outcome: 'approve' } });
    expect(res.statusCode).toBe(404);
  });
});
