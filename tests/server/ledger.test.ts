import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { backends } from './helpers/backends';
import { bearer, useApp } from './helpers/app';
import { ADMIN, createCause, donate } from './helpers/causes';
import { scene } from './helpers/giving';
import { adminAction, balance, requestWithdrawal, useDetails } from './helpers/payouts';

interface Entry {
  id: string;
  kind: string;
  amount: string;
  at: string;
  donor_name: string | null;
  description: string;
}

describe.each(backends)('public cause ledger on $name', (backend) => {
  const ctx = useApp(backend, { admin: ADMIN });

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
});
