import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { backends } from './helpers/backends';
import { bearer, newSession, useApp } from './helpers/app';
import { ADMIN } from './helpers/causes';
import { useFakePaystack } from './helpers/fake-paystack';
import { notificationMessages, scene, signedWebhook } from './helpers/giving';
import { adminAction, balance, fund, MOMO, requestWithdrawal, saveDetails, useDetails, withdrawalRow } from './helpers/payouts';

describe.each(backends)('payouts against a local paystack.fake Paystack on $name', (backend) => {
  const paystack = useFakePaystack();
  const { payments } = paystack;
  beforeAll(() => {
    paystack.fake.accounts.set('040100:1234567890123', 'AMA SERWAA MENSAH');
  });
  beforeEach(() => {
    paystack.fake.transferFault = 'ok';
    paystack.fake.transferStatus = 'pending';
  });
  const ctx = useApp(backend, { admin: ADMIN, payments });

  const calls = (method: string, path: string) => paystack.fake.requests.filter((r) => r.method === method && r.path === path);
  const transferPosts = (reference: string) =>
    calls('POST', '/transfer').filter((r) => (r.body as { reference?: string }).reference === reference);

  /** An organizer with bank details at GCB, a funded cause and one requested withdrawal. */
  async function requested(amount = '30.00', details: unknown = { type: 'bank', bank_code: '040100', account_number: '1234567890123' }) {
    const s = await scene(ctx.app);
    await useDetails(ctx.app, s.organizer.access, details);
    await fund(ctx.app, s.causeId, 10_000);
    const res = await requestWithdrawal(ctx.app, s.organizer.access, s.causeId, amount);
    expect(res.statusCode).toBe(201);
    return { ...s, withdrawal: res.json() as { id: string; reference: string } };
  }

  it('reads banks and mobile money from Paystack with the secret key, once a day', async () => {
    const before = calls('GET', '/bank').length;
    const banks = (await ctx.app.inject({ url: '/api/user/banks/' })).json();
    expect(banks).toEqual([
      { code: '030100', name: 'Absa Bank Ghana' },
      { code: '130100', name: 'Ecobank Ghana' },
      { code: '040100', name: 'GCB Bank' },
    ]);
    expect((await ctx.app.inject({ url: '/api/user/banks/' })).json()).toEqual(banks);
    const momo = (await ctx.app.inject({ url: '/api/user/mobile-money/' })).json();
    expect(momo.map((m: { code: string }) => m.code)).toEqual(['ATL', 'MTN', 'VOD']);
    const asked = calls('GET', '/bank').slice(before);
    expect(asked.map((r) => r.query)).toEqual(['?country=ghana&currency=GHS', '?currency=GHS&type=mobile_money']);
    expect(paystack.fake.requests.every((r) => r.authorized)).toBe(true);
  });

  it('resolves accounts at Paystack and keeps its account name', async () => {
    const user = await newSession(ctx.app);
    const check = (account_number: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/user/validate-bank-account/',
        headers: bearer(user.access),
        payload: { bank_code: '040100', account_number },
      });
    expect((await check('1234567890123')).json()).toEqual({
      bank_code: '040100',
      account_number: '1234567890123',
      account_name: 'AMA SERWAA MENSAH',
    });
    const missing = await check('1111111111');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.account_number).toEqual(['We could not find this account. Check the number and bank.']);
    expect(calls('GET', '/bank/resolve').at(-1)!.query).toBe('?account_number=1111111111&bank_code=040100');
    const saved = await saveDetails(ctx.app, user.access, {
      type: 'bank',
      bank_code: '040100',
      account_number: '1234567890123',
      account_name: 'X',
    });
    expect(saved.json().withdrawal_address).toMatchObject({ account_name: 'AMA SERWAA MENSAH', bank_name: 'GCB Bank' });
  });

  it('approval sends a ghipss recipient and a transfer with our reference; a signed transfer.success webhook pays it', async () => {
    const { admin, organizer, causeId, withdrawal } = await requested('30.00');
    const res = await adminAction(ctx.app, admin.access, withdrawal.id, 'approve');
    expect(res.json()).toMatchObject({ status: 'processing', provider_status: 'pending' });
    const recipient = calls('POST', '/transferrecipient').at(-1)!.body as Record<string, unknown>;
    expect(recipient).toEqual({
      type: 'ghipss',
      name: 'AMA SERWAA MENSAH',
      account_number: '1234567890123',
      bank_code: '040100',
      currency: 'GHS',
    });
    const [post] = transferPosts(withdrawal.reference);
    expect(post.body).toMatchObject({ source: 'balance', amount: 3_000, currency: 'GHS', reference: withdrawal.reference });
    expect(paystack.fake.recipients.has(String((post.body as { recipient: string }).recipient))).toBe(true);

    // The event body never decides: Paystack still says pending, so nothing changes.
    const early = await signedWebhook(ctx.app, paystack.fake.secret, {
      event: 'transfer.success',
      data: { reference: withdrawal.reference, status: 'success' },
    });
    expect(early.statusCode).toBe(200);
    expect((await withdrawalRow(ctx.app, withdrawal.id)).status).toBe('processing');
    expect(await balance(ctx.app, organizer.access, causeId)).toMatchObject({ pending: '30.00', available: '70.00' });

    paystack.fake.setTransferStatus(withdrawal.reference, 'success');
    await signedWebhook(ctx.app, paystack.fake.secret, { event: 'transfer.success', data: { reference: withdrawal.reference } });
    expect((await withdrawalRow(ctx.app, withdrawal.id)).status).toBe('paid');
    expect(await balance(ctx.app, organizer.access, causeId)).toMatchObject({ withdrawn: '30.00', pending: '0.00', available: '70.00' });
    expect(await notificationMessages(ctx.app, organizer.id, 'Withdrawal paid')).toHaveLength(1);
    // A forged webhook is refused before anything happens.
    expect(
      (await signedWebhook(ctx.app, 'sk_test_wrong', { event: 'transfer.reversed', data: { reference: withdrawal.reference } })).statusCode,
    ).toBe(401);
    expect(paystack.fake.requests.every((r) => r.authorized)).toBe(true);
  });

  it('pays mobile money to a mobile_money recipient with the local number', async () => {
    paystack.fake.transferStatus = 'success';
    const { admin, withdrawal } = await requested('12.00', { ...MOMO, phone_number: '233241234567' });
    expect((await adminAction(ctx.app, admin.access, withdrawal.id, 'approve')).json().status).toBe('paid');
    expect(calls('POST', '/transferrecipient').at(-1)!.body).toEqual({
      type: 'mobile_money',
      name: MOMO.account_name,
      account_number: '0241234567',
      bank_code: 'MTN',
      currency: 'GHS',
    });
  });

  it('a lost answer leaves it processing; the retry finds the transfer by our reference and never sends a second', async () => {
    const { admin, withdrawal } = await requested('45.00');
    paystack.fake.transferFault = 'error_after';
    paystack.fake.transferStatus = 'success';
    const first = await adminAction(ctx.app, admin.access, withdrawal.id, 'approve');
    expect(first.json().status).toBe('processing');
    expect(first.json().provider_status).toMatch(/^unconfirmed: /);
    paystack.fake.transferFault = 'ok';
    const retry = await adminAction(ctx.app, admin.access, withdrawal.id, 'retry');
    expect(retry.json()).toMatchObject({ status: 'paid', reference: withdrawal.reference });
    expect(transferPosts(withdrawal.reference)).toHaveLength(1);
    expect(calls('GET', `/transfer/verify/${withdrawal.reference}`)).toHaveLength(1);
  });

  it('a transfer Paystack never received is sent again with the same reference', async () => {
    const { admin, withdrawal } = await requested('15.00');
    paystack.fake.transferFault = 'error_before';
    expect((await adminAction(ctx.app, admin.access, withdrawal.id, 'approve')).json().status).toBe('processing');
    expect(paystack.fake.transfers.has(withdrawal.reference)).toBe(false);
    paystack.fake.transferFault = 'ok';
    paystack.fake.transferStatus = 'success';
    expect((await adminAction(ctx.app, admin.access, withdrawal.id, 'retry')).json().status).toBe('paid');
    const posts = transferPosts(withdrawal.reference);
    expect(posts).toHaveLength(2);
    expect(new Set(posts.map((p) => (p.body as { reference: string }).reference))).toEqual(new Set([withdrawal.reference]));
    // The recipient was created once and reused.
    expect(new Set(posts.map((p) => (p.body as { recipient: string }).recipient)).size).toBe(1);
  });

  it('a refused transfer fails and a reversal after payment makes the money available again', async () => {
    const refusedCase = await requested('20.00');
    paystack.fake.transferFault = 'refuse';
    const refused = await adminAction(ctx.app, refusedCase.admin.access, refusedCase.withdrawal.id, 'approve');
    expect(refused.json().status).toBe('failed');
    expect(refused.json().failure_reason).toMatch(/balance is not enough/);
    expect(await balance(ctx.app, refusedCase.organizer.access, refusedCase.causeId)).toMatchObject({
      pending: '0.00',
      available: '100.00',
    });

    paystack.fake.transferFault = 'ok';
    paystack.fake.transferStatus = 'success';
    const { admin, organizer, causeId, withdrawal } = await requested('60.00');
    expect((await adminAction(ctx.app, admin.access, withdrawal.id, 'approve')).json().status).toBe('paid');
    paystack.fake.setTransferStatus(withdrawal.reference, 'reversed');
    await signedWebhook(ctx.app, paystack.fake.secret, { event: 'transfer.reversed', data: { reference: withdrawal.reference } });
    expect((await withdrawalRow(ctx.app, withdrawal.id)).status).toBe('failed');
    expect(await balance(ctx.app, organizer.access, causeId)).toMatchObject({ withdrawn: '0.00', available: '100.00' });
    const [message] = await notificationMessages(ctx.app, organizer.id, 'Withdrawal failed');
    expect(message).toMatch(/failed: The transfer was reversed\.$/);
  });
});
