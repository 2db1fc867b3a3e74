import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { toDecimalString } from '../../src/shared/money';
import { backends } from './helpers/backends';
import { bearer, useApp } from './helpers/app';
import { ADMIN, createCause, donate } from './helpers/causes';
import { donate as startGift, one, sandboxDecide, scene, verify } from './helpers/giving';
import { adminAction, balance, requestWithdrawal, useDetails } from './helpers/payouts';
import { adminRefund, expectCountersEqualRecount, give } from './helpers/refunds';

interface Entry {
  id: string;
  kind: string;
  amount: string;
  at: string;
  donor_name: string | null;
  description: string;
}

/** Every page of the ledger, then the same figures recomputed from the rows themselves. */
async function expectLedgerEqualsRecount(app: FastifyInstance, causeId: string, label: string): Promise<void> {
  const first = (await app.inject({ url: `/api/causes/${causeId}/ledger/` })).json();
  const entries: Entry[] = [...first.entries];
  for (let page = 2; entries.length < first.count && page < 20; page += 1)
    entries.push(...(await app.inject({ url: `/api/causes/${causeId}/ledger/?page=${page}` })).json().entries);
  const recount = await one<{ money_in: string; money_out: string; n: number; donations: number; kept_n: number; kept_in: string }>(
    app,
    sql`SELECT
      (SELECT coalesce(sum(amount - refunded_amount), 0) FROM donations WHERE cause_id = ${causeId} AND status = 'completed')::text AS money_in,
      (SELECT coalesce(sum(amount), 0) FROM withdrawals WHERE cause_id = ${causeId} AND status = 'paid')::text AS money_out,
      (SELECT count(*) FROM donations WHERE cause_id = ${causeId} AND status = 'completed')::int AS donations,
      ((SELECT count(*) FROM donations WHERE cause_id = ${causeId}
          AND (status = 'completed' AND refunded_amount < amount OR status = 'refunded' AND refunded_amount = 0))
        + (SELECT count(*) FROM refunds WHERE cause_id = ${causeId} AND status <> 'failed')
        + (SELECT count(*) FROM withdrawals WHERE cause_id = ${causeId} AND status = 'paid'))::int AS n,
      (SELECT donations FROM cause_totals WHERE cause_id = ${causeId}) AS kept_n,
      (SELECT amount FROM cause_totals WHERE cause_id = ${causeId})::text AS kept_in`,
  );
  expect({ n: recount.kept_n, amount: recount.kept_in }, label).toEqual({ n: recount.donations, amount: recount.money_in });
  const moneyIn = Number(recount.money_in);
  const moneyOut = Number(recount.money_out);
  expect(first.totals, label).toEqual({
    money_in: toDecimalString(moneyIn),
    money_out: toDecimalString(moneyOut),
    balance: toDecimalString(moneyIn - moneyOut),
  });
  expect(first.count, label).toBe(recount.n);
  // The pages, put together: every entry once, newest first.
  expect(entries.length, label).toBe(recount.n);
  expect(new Set(entries.map((e) => e.id)).size, label).toBe(entries.length);
  const times = entries.map((e) => Date.parse(e.at));
  expect(times, label).toEqual([...times].sort((a, b) => b - a));
}

describe.each(backends)('public cause ledger on $name', (backend) => {
  const ctx = useApp(backend, { admin: ADMIN, cardHoldHours: 0 });

  it('money in minus money out equals the balance; anonymous donors stay anonymous', async () => {
    const { admin, organizer, causeId } = await scene(ctx.app);
    await useDetails(ctx.app, organizer.access);
    await donate(ctx.app.db, { causeId, amount: 5_000, donorName: 'Ama Mensah', email: 'ama@example.com' });
    await donate(ctx.app.db, { causeId, amount: 2_500, donorName: 'Yaw Secret', email: 'yaw@example.com', isAnonymous: true });
    await donate(ctx.app.db, { causeId, amount: 9_999, donorName: 'Pending Person', status: 'pending' });
    const paid = (await requestWithdrawal(ctx.app, organizer.access, causeId, '20.00')).json();
    expect((await adminAction(ctx.app, admin.access, paid.id, 'approve')).json().status).toBe('paid');
    // Still requested: not money out yet.
    expect((await requestWithdrawal(ctx.app, organizer.access, causeId, '10.00')).statusCode).toBe(201);

    const res = await ctx.app.inject({ url: `/api/causes/${causeId}/ledger/` });
    expect(res.statusCode).toBe(200);
    const ledger = res.json();
    expect(ledger.totals).toEqual({ money_in: '75.00', money_out: '20.00', balance: '55.00' });
    const b = await balance(ctx.app, organizer.access, causeId);
    expect(Number(ledger.totals.money_in) - Number(ledger.totals.money_out)).toBe(Number(b.raised) - Number(b.withdrawn));
    expect(ledger.count).toBe(3);
    const entries = ledger.entries as Entry[];
    expect(entries.map((e) => [e.kind, e.amount])).toEqual([
      ['withdrawal', '20.00'],
      ['donation', '25.00'],
      ['donation', '50.00'],
    ]);
    expect(entries[0]).toMatchObject({ donor_name: null, description: 'Paid out to the organizer by mobile money' });
    expect(entries[1]).toMatchObject({ donor_name: null, description: 'Donation from an anonymous donor' });
    expect(entries[2]).toMatchObject({ donor_name: 'Ama Mensah', description: 'Donation from Ama Mensah' });
    expect(res.body).not.toContain('Yaw');
    expect(res.body).not.toContain('@example.com');
  });

  it('pages 20 entries newest first with totals over everything', async () => {
    const { causeId } = await scene(ctx.app);
    for (let i = 1; i <= 23; i += 1) {
      await donate(ctx.app.db, { causeId, amount: i * 100, donorName: `Donor ${i}`, completedAt: new Date(Date.UTC(2025, 0, i)) });
    }
    const first = (await ctx.app.inject({ url: `/api/causes/${causeId}/ledger/` })).json();
    expect(first.entries).toHaveLength(20);
    expect(first.count).toBe(23);
    expect(first.totals.money_in).toBe('276.00');
    expect(first.entries[0]).toMatchObject({ donor_name: 'Donor 23', at: '2025-01-23T00:00:00.000Z' });
    expect(first.next).toMatch(/\/api\/causes\/.+\/ledger\/\?page=2$/);
    expect(first.previous).toBeNull();
    const second = (await ctx.app.inject({ url: `/api/causes/${causeId}/ledger/?page=2` })).json();
    expect(second.entries.map((e: Entry) => e.donor_name)).toEqual(['Donor 3', 'Donor 2', 'Donor 1']);
    expect(second.totals).toEqual(first.totals);
    expect(second.next).toBeNull();
  });

  it('is 404 for causes the caller cannot see', async () => {
    const { admin, organizer } = await scene(ctx.app);
    const hidden = await createCause(ctx.app, organizer.access);
    expect((await ctx.app.inject({ url: `/api/causes/${hidden.id}/ledger/` })).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: `/api/causes/${hidden.id}/ledger/`, headers: bearer(organizer.access) })).statusCode).toBe(200);
    expect((await ctx.app.inject({ url: `/api/causes/${hidden.id}/ledger/`, headers: bearer(admin.access) })).statusCode).toBe(200);
    expect((await ctx.app.inject({ url: `/api/causes/${randomUUID()}/ledger/` })).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: '/api/causes/nope/ledger/' })).statusCode).toBe(404);
  });

  it('keeps its totals equal to a recount through settlements at once, refunds, withdrawals and a refunded flagged payment', async () => {
    const { admin, organizer, causeId } = await scene(ctx.app);
    await useDetails(ctx.app, organizer.access);
    // Twelve gifts settled at the same time (on PostgreSQL, truly concurrent transactions).
    const gifts = await Promise.all(Array.from({ length: 12 }, (_, i) => give(ctx.app, causeId, `${10 + i}.00`)));
    await expectLedgerEqualsRecount(ctx.app, causeId, 'after the gifts');

    // Part of three gifts back, two in full.
    for (const [gift, amount] of [
      [gifts[0], '2.50'],
      [gifts[1], '10.99'],
      [gifts[2], '0.01'],
      [gifts[3], undefined],
      [gifts[4], undefined],
    ] as const)
      expect((await adminRefund(ctx.app, admin.access, gift!.id, amount)).statusCode).toBe(200);
    await expectLedgerEqualsRecount(ctx.app, causeId, 'after the refunds');

    // Paid out, rejected and still requested: only the paid one is money out.
    const paid = (await requestWithdrawal(ctx.app, organizer.access, causeId, '40.00')).json();
    expect((await adminAction(ctx.app, admin.access, paid.id, 'approve')).json().status).toBe('paid');
    const rejected = (await requestWithdrawal(ctx.app, organizer.access, causeId, '5.00')).json();
    expect((await adminAction(ctx.app, admin.access, rejected.id, 'reject', { reason: 'Wrong account' })).statusCode).toBe(200);
    expect((await requestWithdrawal(ctx.app, organizer.access, causeId, '3.00')).statusCode).toBe(201);

    // A payment that came in short, refunded by an admin: listed, outside the totals.
    const short = await startGift(ctx.app, causeId, '15.00', { payment_method: 'mobile_money' });
    await sandboxDecide(ctx.app, short.reference, 'success', { amount: 900 });
    expect((await verify(ctx.app, short.reference)).json().status).toBe('flagged');
    const payment = await one<{ id: string }>(ctx.app, sql`SELECT id FROM payments WHERE reference = ${short.reference}`);
    const resolved = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/payments/${payment.id}/resolve/`,
      headers: bearer(admin.access),
      payload: { action: 'refund' },
    });
    expect(resolved.statusCode, resolved.body).toBe(200);

    // More gifts at once while refunds go on: a first one, a second part and the rest of partly refunded gifts.
    const refunds = await Promise.all([
      ...Array.from({ length: 10 }, (_, i) => give(ctx.app, causeId, `${30 + i}.00`)),
      adminRefund(ctx.app, admin.access, gifts[5]!.id, '1.00'),
      adminRefund(ctx.app, admin.access, gifts[1]!.id, '0.01'),
      adminRefund(ctx.app, admin.access, gifts[0]!.id),
    ]);
    for (const refund of refunds.slice(10)) expect((refund as { statusCode: number }).statusCode).toBe(200);
    await expectLedgerEqualsRecount(ctx.app, causeId, 'at the end');
    // The counters the trigger kept are what a rebuild from the donations finds.
    await expectCountersEqualRecount(ctx.app);
  });
});
