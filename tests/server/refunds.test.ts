/**
 * Refunds of completed donations, in full or in part: raised, balance, counters, ledger and the
 * donor's history show them; a refund never exceeds what was paid or takes the available balance
 * below zero, not even racing withdrawals; only admins, and the cause's organizer while the money is
 * still there, may refund; Paystack's refund API and its webhooks apply each refund exactly once.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { backends } from './helpers/backends';
import { bearer, newSession, useApp } from './helpers/app';
import { ADMIN } from './helpers/causes';
import { useFakePaystack } from './helpers/fake-paystack';
import { currentAmount, notificationCount, one, sandboxDecide, scene, signedWebhook, verify, donate } from './helpers/giving';
import { balance, requestWithdrawal, useDetails } from './helpers/payouts';
import { pdfText } from './helpers/pdf-text';
import { adminRefund, expectCountersEqualRecount, give, organizerRefund, seeded } from './helpers/refunds';

const ledger = async (app: FastifyInstance, causeId: string) => (await app.inject({ url: `/api/causes/${causeId}/ledger/` })).json();
const day = async (app: FastifyInstance) =>
  (await one<{ a: string }>(app, sql`SELECT amount::text AS a FROM donation_days WHERE day = (now() AT TIME ZONE 'UTC')::date`)).a;

describe.each(backends)('refunds on $name (sandbox)', (backend) => {
  const ctx = useApp(backend, { admin: ADMIN, cardHoldHours: 0 });

  it('partial refunds add up in raised, balance, statistics and the ledger; a full refund ends it', async () => {
    const { admin, organizer, causeId } = await scene(ctx.app);
    const donor = await newSession(ctx.app);
    const gift = await give(ctx.app, causeId, '100.00', {}, donor.access);
    await give(ctx.app, causeId, '50.00');
    const dayBefore = Number(await day(ctx.app));
    const statsBefore = (await ctx.app.inject({ url: '/api/donations/statistics/' })).json();

    const first = await adminRefund(ctx.app, admin.access, gift.id, '30.00', 'refund-1');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ amount: '30.00', status: 'processed', donation: { refunded: '30.00', refundable: '70.00' } });
    // An Idempotency-Key replay answers as the first call and refunds nothing more.
    const replay = await adminRefund(ctx.app, admin.access, gift.id, '30.00', 'refund-1');
    expect(replay.json()).toEqual(first.json());
    expect((await adminRefund(ctx.app, admin.access, gift.id, '20.50')).statusCode).toBe(200);

    expect(await currentAmount(ctx.app, causeId)).toBe(9_950);
    expect(await balance(ctx.app, organizer.access, causeId)).toMatchObject({ raised: '99.50', refunded: '50.50', available: '99.50' });
    expect(Number(await day(ctx.app))).toBe(dayBefore - 5_050);
    const stats = (await ctx.app.inject({ url: '/api/donations/statistics/' })).json();
    expect(Number(stats.total_raised)).toBeCloseTo(Number(statsBefore.total_raised) - 50.5, 2);
    expect(stats.total_donations).toBe(statsBefore.total_donations);

    const partly = await ledger(ctx.app, causeId);
    expect(partly.totals).toMatchObject({ money_in: '99.50', balance: '99.50' });
    expect(partly.entries.filter((e: { kind: string }) => e.kind === 'refund').map((e: { amount: string }) => e.amount)).toEqual([
      '20.50',
      '30.00',
    ]);
    expect(partly.entries.find((e: { id: string }) => e.id === gift.id)).toMatchObject({ kind: 'donation', amount: '49.50' });

    // More than what is left is a 400; the rest by default; then nothing is left: 409.
    const tooMuch = await adminRefund(ctx.app, admin.access, gift.id, '49.51');
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().errors.amount).toEqual(['The most that can be refunded on this donation is GH₵49.50.']);
    const rest = await adminRefund(ctx.app, admin.access, gift.id);
    expect(rest.json()).toMatchObject({ amount: '49.50', donation: { status: 'refunded', refunded: '100.00', refundable: '0.00' } });
    const again = await adminRefund(ctx.app, admin.access, gift.id, '1.00');
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe('This donation was already refunded in full.');

    expect(await balance(ctx.app, organizer.access, causeId)).toMatchObject({ raised: '50.00', refunded: '100.00', available: '50.00' });
    const done = await ledger(ctx.app, causeId);
    expect(done.totals.money_in).toBe('50.00');
    expect(done.entries.some((e: { id: string }) => e.id === gift.id)).toBe(false);
    expect(done.count).toBe(4);
    expect(await notificationCount(ctx.app, donor.id, 'Donation refunded')).toBe(3);
    // An admin's refunds take from the organizer's balance: they are told too.
    expect(await notificationCount(ctx.app, organizer.id, 'Donation refunded')).toBe(3);

    // The donor's history says what went back.
    const history = await ctx.app.inject({ url: '/api/donations/?status=all', headers: bearer(donor.access) });
    expect(history.json().results[0]).toMatchObject({ id: gift.id, status: 'refunded', amount: '100.00', refunded_amount: '100.00' });
    // So does the receipt: what was paid, what went back, and the total after it.
    const receipt = await ctx.app.inject({ url: `/api/payments/${gift.reference}/receipt.pdf`, headers: bearer(donor.access) });
    expect(receipt.statusCode).toBe(200);
    const text = pdfText(receipt.rawPayload);
    expect(text).toContain('-GHS 100.00');
    expect(text).toMatch(/Total\s+GHS 0\.00/);

    const list = await ctx.app.inject({ url: `/api/admin/donations/?cause_id=${causeId}`, headers: bearer(admin.access) });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ count: 2 });
    expect(
      list
        .json()
        .results.map((d: { refunded: string }) => d.refunded)
        .sort(),
    ).toEqual(['0.00', '100.00']);
    await expectCountersEqualRecount(ctx.app);
  });

  it('refuses bad amounts and donations that were never paid', async () => {
    const { admin, causeId } = await scene(ctx.app);
    const gift = await give(ctx.app, causeId, '10.00');
    for (const amount of ['0', '-1.00', '1.001', 'ten'])
      expect((await adminRefund(ctx.app, admin.access, gift.id, amount)).statusCode, amount).toBe(400);
    expect((await adminRefund(ctx.app, admin.access, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const unpaid = await donate(ctx.app, causeId, '5.00');
    const pending = await one<{ id: string }>(ctx.app, sql`SELECT id FROM donations WHERE reference = ${unpaid.reference}`);
    expect((await adminRefund(ctx.app, admin.access, pending.id)).statusCode).toBe(409);
  });

  it('only admins and the cause organizer may refund; the organizer not once the money is withdrawn', async () => {
    const { organizer, causeId } = await scene(ctx.app);
    const other = await scene(ctx.app);
    const donor = await newSession(ctx.app);
    const gift = await give(ctx.app, causeId, '40.00', {}, donor.access);
    expect((await organizerRefund(ctx.app, null, causeId, gift.id)).statusCode).toBe(401);
    expect((await adminRefund(ctx.app, null, gift.id)).statusCode).toBe(401);
    expect((await organizerRefund(ctx.app, donor.access, causeId, gift.id)).statusCode).toBe(403);
    expect((await adminRefund(ctx.app, donor.access, gift.id)).statusCode).toBe(403);
    expect((await adminRefund(ctx.app, organizer.access, gift.id)).statusCode).toBe(403);
    expect((await organizerRefund(ctx.app, other.organizer.access, causeId, gift.id)).statusCode).toBe(403);
    // Another cause's donation through this cause's path is not found.
    expect((await organizerRefund(ctx.app, other.organizer.access, other.causeId, gift.id)).statusCode).toBe(404);

    const ok = await organizerRefund(ctx.app, organizer.access, causeId, gift.id, '10.00');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().donation.donor_name).toBeDefined();
    expect(await notificationCount(ctx.app, donor.id, 'Donation refunded')).toBe(1);
    expect(await notificationCount(ctx.app, organizer.id, 'Donation refunded')).toBe(0);
    await useDetails(ctx.app, organizer.access);
    expect((await requestWithdrawal(ctx.app, organizer.access, causeId, '30.00')).statusCode).toBe(201);
    const late = await organizerRefund(ctx.app, organizer.access, causeId, gift.id, '1.00');
    expect(late.statusCode).toBe(409);
    expect(late.json().detail).toMatch(/available balance below zero/);
    expect(await balance(ctx.app, organizer.access, causeId)).toMatchObject({ raised: '30.00', pending: '30.00', available: '0.00' });
  });

  it('counters equal a full recount after random gifts, failures and refunds (seeded)', async () => {
    const { admin, causeId } = await scene(ctx.app);
    const second = (await scene(ctx.app)).causeId;
    const donors = [await newSession(ctx.app), await newSession(ctx.app)];
    const random = seeded(20261126);
    const pick = <T>(items: T[]) => items[Math.floor(random() * items.length)]!;
    const gifts: { id: string; paid: number; refunded: number }[] = [];
    let partials = 0;
    for (let step = 0; step < 30; step += 1) {
      const roll = random();
      if (roll < 0.4 || gifts.length === 0) {
        const paid = 100 + Math.floor(random() * 5_000);
        const who = pick([null, ...donors]);
        const extra = { is_anonymous: random() < 0.3, email: `guest${Math.floor(random() * 3)}@example.com` };
        gifts.push({ ...(await give(ctx.app, pick([causeId, second]), (paid / 100).toFixed(2), extra, who?.access)), paid, refunded: 0 });
      } else if (roll < 0.5) {
        const start = await donate(ctx.app, pick([causeId, second]), '7.00');
        await sandboxDecide(ctx.app, start.reference, 'failed');
        await verify(ctx.app, start.reference);
      } else {
        const gift = pick(gifts);
        const left = gift.paid - gift.refunded;
        // Now and then the rest, or one pesewa too many (400); nothing left is a 409 whatever the amount.
        const shape = random();
        const amount = left === 0 ? 1 : shape < 0.3 ? left : shape < 0.4 ? left + 1 : 1 + Math.floor(random() * left);
        const res = await adminRefund(ctx.app, admin.access, gift.id, (amount / 100).toFixed(2));
        expect(res.statusCode, res.body).toBe(left === 0 ? 409 : amount > left ? 400 : 200);
        if (res.statusCode === 200) gift.refunded += amount;
        if (res.statusCode === 200 && gift.refunded < gift.paid) partials += 1;
      }
      if (step % 5 === 4) await expectCountersEqualRecount(ctx.app);
    }
    expect(partials).toBeGreaterThan(0);
    expect(gifts.some((g) => g.refunded === g.paid)).toBe(true);
    await expectCountersEqualRecount(ctx.app);
  });

  it('fifty refunds and withdrawal requests at once never overdraw', async () => {
    const { admin, organizer, causeId } = await scene(ctx.app);
    await useDetails(ctx.app, organizer.access);
    const gifts: { id: string }[] = [];
    for (let i = 0; i < 10; i += 1) gifts.push(await give(ctx.app, causeId, '10.00'));
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        i % 2 === 0
          ? requestWithdrawal(ctx.app, organizer.access, causeId, '5.00').then((r) => ({ kind: 'withdrawal', status: r.statusCode }))
          : adminRefund(ctx.app, admin.access, gifts[i % 10]!.id, '5.00').then((r) => ({ kind: 'refund', status: r.statusCode })),
      ),
    );
    for (const a of answers) expect([200, 201, 400, 409], JSON.stringify(a)).toContain(a.status);
    const withdrawn = answers.filter((a) => a.kind === 'withdrawal' && a.status === 201).length;
    const refunded = answers.filter((a) => a.kind === 'refund' && a.status === 200).length;
    // 25 withdrawals of 5.00 alone would exceed the 100.00 raised: every pesewa goes, none twice.
    expect(withdrawn + refunded).toBe(20);
    const b = await balance(ctx.app, organizer.access, causeId);
    expect(Number(b.available)).toBeGreaterThanOrEqual(0);
    expect(b).toMatchObject({
      raised: ((10_000 - refunded * 500) / 100).toFixed(2),
      pending: ((withdrawn * 500) / 100).toFixed(2),
      available: ((10_000 - refunded * 500 - withdrawn * 500) / 100).toFixed(2),
    });
    expect(await currentAmount(ctx.app, causeId)).toBe(10_000 - refunded * 500);
    await expectCountersEqualRecount(ctx.app);
  });
});

describe.each(backends)('refunds through Paystack (local paystack.fake) on $name', (backend) => {
  const paystack = useFakePaystack();
  const { payments } = paystack;
  const ctx = useApp(backend, { admin: ADMIN, cardHoldHours: 0, publicUrl: 'https://boafo.test', payments });

  async function paid(causeId: string, amount: string, token: string) {
    const start = await donate(ctx.app, causeId, amount, { payment_method: 'mobile_money' }, token);
    paystack.fake.setOutcome(start.reference, 'success');
    expect((await verify(ctx.app, start.reference)).json().status).toBe('success');
    return (await one<{ id: string }>(ctx.app, sql`SELECT id FROM donations WHERE reference = ${start.reference}`)).id;
  }
  const refundEvent = (event: string, transaction: string) => ({ event, data: { transaction_reference: transaction, status: 'x' } });
  const refundRow = (id: string) =>
    one<{ status: string; provider_reference: string }>(ctx.app, sql`SELECT status, provider_reference FROM refunds WHERE id = ${id}`);

  it('asks POST /refund with the transaction and pesewas; a refund.processed webhook delivered twice applies once', async () => {
    const { admin, causeId } = await scene(ctx.app);
    const donor = await newSession(ctx.app);
    const donationId = await paid(causeId, '80.00', donor.access);
    const reference = (await one<{ r: string }>(ctx.app, sql`SELECT reference AS r FROM donations WHERE id = ${donationId}`)).r;
    paystack.fake.refundStatus = 'pending';
    const res = await adminRefund(ctx.app, admin.access, donationId, '25.00');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'pending', amount: '25.00', donation: { refunded: '25.00' } });
    expect(paystack.fake.requests.find((r) => r.path === '/refund')?.body).toEqual({ transaction: reference, amount: 2_500 });
    // Pending already counts: the money is spoken for.
    expect(await currentAmount(ctx.app, causeId)).toBe(5_500);

    const row = await refundRow(res.json().id);
    paystack.fake.setRefundStatus(Number(row.provider_reference), 'processed');
    const hooks = await Promise.all(
      [1, 2].map(() => signedWebhook(ctx.app, paystack.fake.secret, refundEvent('refund.processed', reference))),
    );
    expect(hooks.map((h) => h.statusCode)).toEqual([200, 200]);
    await signedWebhook(ctx.app, paystack.fake.secret, refundEvent('refund.processed', reference));
    expect((await refundRow(res.json().id)).status).toBe('processed');
    expect(await notificationCount(ctx.app, donor.id, 'Donation refunded')).toBe(1);
    expect(await currentAmount(ctx.app, causeId)).toBe(5_500);
    await expectCountersEqualRecount(ctx.app);
  });

  it('a refund.processed webhook racing the admin action applies once; refund.failed gives the money back', async () => {
    const { admin, causeId } = await scene(ctx.app);
    const donor = await newSession(ctx.app);
    const donationId = await paid(causeId, '60.00', donor.access);
    const reference = (await one<{ r: string }>(ctx.app, sql`SELECT reference AS r FROM donations WHERE id = ${donationId}`)).r;
    paystack.fake.refundStatus = 'processed';
    const [res] = await Promise.all([
      adminRefund(ctx.app, admin.access, donationId),
      ...[1, 2, 3].map(() => signedWebhook(ctx.app, paystack.fake.secret, refundEvent('refund.processed', reference))),
    ]);
    expect(res.statusCode, res.body).toBe(200);
    await signedWebhook(ctx.app, paystack.fake.secret, refundEvent('refund.processed', reference));
    expect((await refundRow(res.json().id)).status).toBe('processed');
    expect(await notificationCount(ctx.app, donor.id, 'Donation refunded')).toBe(1);
    expect(await currentAmount(ctx.app, causeId)).toBe(0);

    // A refund Paystack later fails: the donation and the cause get the money back, once.
    const second = await paid(causeId, '40.00', donor.access);
    const secondRef = (await one<{ r: string }>(ctx.app, sql`SELECT reference AS r FROM donations WHERE id = ${second}`)).r;
    paystack.fake.refundStatus = 'pending';
    const pending = await adminRefund(ctx.app, admin.access, second, '40.00');
    expect(pending.json().donation.status).toBe('refunded');
    paystack.fake.setRefundStatus(Number((await refundRow(pending.json().id)).provider_reference), 'failed');
    await Promise.all([1, 2].map(() => signedWebhook(ctx.app, paystack.fake.secret, refundEvent('refund.failed', secondRef))));
    expect((await refundRow(pending.json().id)).status).toBe('failed');
    expect(await currentAmount(ctx.app, causeId)).toBe(4_000);
    const list = await ctx.app.inject({ url: `/api/admin/donations/?cause_id=${causeId}`, headers: bearer(admin.access) });
    expect(list.json().results.find((d: { id: string }) => d.id === second)).toMatchObject({ status: 'completed', refunded: '0.00' });

    // Paystack refusing outright refunds nothing.
    paystack.fake.failRefundWith = 400;
    expect((await adminRefund(ctx.app, admin.access, second, '1.00')).statusCode).toBe(502);
    paystack.fake.failRefundWith = 0;
    expect(await currentAmount(ctx.app, causeId)).toBe(4_000);
    await expectCountersEqualRecount(ctx.app);
  });
});
