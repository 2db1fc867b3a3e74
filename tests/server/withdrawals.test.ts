import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SANDBOX_FAILURE_REASON } from '../../src/server/payments/sandbox-payouts';
import { backends } from './helpers/backends';
import { bearer, newSession, useApp } from './helpers/app';
import { ADMIN } from './helpers/causes';
import { notificationMessages, scene } from './helpers/giving';
import { adminAction, balance, fund, MOMO, requestWithdrawal, useDetails, withdrawalRow } from './helpers/payouts';

describe.each(backends)('withdrawals (sandbox provider) on $name', (backend) => {
  const ctx = useApp(backend, { admin: ADMIN });

  it('only the organizer may request, with saved details and a valid amount it can cover', async () => {
    const { admin, organizer, causeId } = await scene(ctx.app);
    const stranger = await newSession(ctx.app);
    await fund(ctx.app, causeId, 5_000);
    expect((await requestWithdrawal(ctx.app, null, causeId, '10.00')).statusCode).toBe(401);
    expect((await requestWithdrawal(ctx.app, stranger.access, causeId, '10.00')).statusCode).toBe(403);
    expect((await requestWithdrawal(ctx.app, admin.access, causeId, '10.00')).statusCode).toBe(403);
    expect((await requestWithdrawal(ctx.app, organizer.access, randomUUID(), '10.00')).statusCode).toBe(404);
    expect((await requestWithdrawal(ctx.app, organizer.access, 'not-a-uuid', '10.00')).statusCode).toBe(404);

    const noDetails = await requestWithdrawal(ctx.app, organizer.access, causeId, '10.00');
    expect(noDetails.statusCode).toBe(400);
    expect(noDetails.json().detail).toBe('Add your withdrawal details in profile settings first.');
    expect(noDetails.json().errors).toEqual({ withdrawal_address: ['Add your withdrawal details in profile settings first.'] });

    await useDetails(ctx.app, organizer.access);
    for (const bad of ['0', '0.00', '-5', '1.234', 'ten', 0]) {
      const res = await requestWithdrawal(ctx.app, organizer.access, causeId, bad);
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.json().errors.amount).toEqual(['Enter an amount greater than 0 with at most 2 decimals.']);
    }
    const tooMuch = await requestWithdrawal(ctx.app, organizer.access, causeId, '50.01');
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().errors).toEqual({ amount: ['The most you can withdraw now is GH₵50.00.'] });

    const ok = await requestWithdrawal(ctx.app, organizer.access, causeId, 20.5);
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({
      cause_id: causeId,
      amount: '20.50',
      status: 'requested',
      method: 'mobile_money',
      destination_label: 'MTN Mobile Money •••• 4567',
      failure_reason: null,
      rejection_reason: null,
      paid_at: null,
    });
    expect(ok.json().reference).toMatch(/^bfw-[a-z2-7]{24}$/);
    expect(await balance(ctx.app, organizer.access, causeId)).toEqual({
      cause_id: causeId,
      raised: '50.00',
      withdrawn: '0.00',
      pending: '20.50',
      held: '0.00',
      refunded: '0.00',
      available: '29.50',
    });
    expect((await ctx.app.inject({ url: `/api/causes/${causeId}/balance/`, headers: bearer(stranger.access) })).statusCode).toBe(403);
    expect((await ctx.app.inject({ url: `/api/causes/${causeId}/balance/` })).statusCode).toBe(401);
    expect((await notificationMessages(ctx.app, admin.id, 'Withdrawal requested')).some((m) => m.includes('GH₵20.50'))).toBe(true);
  });

  it('20 concurrent requests never take more than the available balance', async () => {
    const { organizer, causeId } = await scene(ctx.app);
    await useDetails(ctx.app, organizer.access);
    await fund(ctx.app, causeId, 6_000, 4_000);
    const answers = await Promise.all(Array.from({ length: 20 }, () => requestWithdrawal(ctx.app, organizer.access, causeId, '7.00')));
    const accepted = answers.filter((r) => r.statusCode === 201);
    const refused = answers.filter((r) => r.statusCode !== 201);
    expect(accepted.length * 700).toBeLessThanOrEqual(10_000);
    expect(accepted).toHaveLength(14);
    for (const res of refused) {
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.amount[0]).toMatch(/^The most you can withdraw now is GH₵[0-9.,]+\.$/);
    }
    expect(await balance(ctx.app, organizer.access, causeId)).toMatchObject({ pending: '98.00', available: '2.00' });
  });

  it('only admins see the queue and approve, reject or retry', async () => {
    const { organizer, causeId } = await scene(ctx.app);
    await useDetails(ctx.app, organizer.access);
    await fund(ctx.app, causeId, 1_000);
    const id = (await requestWithdrawal(ctx.app, organizer.access, causeId, '1.00')).json().id;
    expect((await ctx.app.inject({ url: '/api/admin/withdrawals/' })).statusCode).toBe(401);
    expect((await ctx.app.inject({ url: '/api/admin/withdrawals/', headers: bearer(organizer.access) })).statusCode).toBe(403);
    for (const action of ['approve', 'reject', 'retry'] as const) {
      expect((await adminAction(ctx.app, organizer.access, id, action, { reason: 'x' })).statusCode).toBe(403);
      expect(
        (await ctx.app.inject({ method: 'POST', url: `/api/admin/withdrawals/${id}/${action}/`, payload: { reason: 'x' } })).statusCode,
      ).toBe(401);
    }
    expect((await withdrawalRow(ctx.app, id)).status).toBe('requested');
  });

  it('approval pays through the sandbox, notifies the organizer and moves money to withdrawn', async () => {
    const { admin, organizer, causeId } = await scene(ctx.app);
    await useDetails(ctx.app, organizer.access);
    await fund(ctx.app, causeId, 10_000);
    const id = (await requestWithdrawal(ctx.app, organizer.access, causeId, '40.00')).json().id;
    const queue = (await ctx.app.inject({ url: '/api/admin/withdrawals/?status=requested', headers: bearer(admin.access) })).json();
    expect(queue.results.find((w: { id: string }) => w.id === id)).toMatchObject({
      organizer_id: organizer.id,
      organizer_email: organizer.email,
      organizer_name: 'Kofi Boateng',
      destination: { type: 'mobile_money', provider: 'MTN', phone_number: '233241234567', account_name: MOMO.account_name },
    });
    const res = await adminAction(ctx.app, admin.access, id, 'approve');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, status: 'paid', provider_status: 'success' });
    expect(res.json().paid_at).not.toBeNull();
    expect((await adminAction(ctx.app, admin.access, id, 'approve')).statusCode).toBe(409);
    expect((await adminAction(ctx.app, admin.access, id, 'reject', { reason: 'late' })).statusCode).toBe(409);
    expect(await balance(ctx.app, organizer.access, causeId)).toMatchObject({
      raised: '100.00',
      withdrawn: '40.00',
      pending: '0.00',
      available: '60.00',
    });
    const cause = (await ctx.app.inject({ url: `/api/causes/details/${causeId}/` })).json().name;
    expect(await notificationMessages(ctx.app, organizer.id, 'Withdrawal approved')).toEqual([
      `Your withdrawal of GH₵40.00 from "${cause}" was approved.`,
    ]);
    expect(await notificationMessages(ctx.app, organizer.id, 'Withdrawal paid')).toEqual([
      `Your withdrawal of GH₵40.00 from "${cause}" was paid.`,
    ]);
  });

  it('a failed transfer (sandbox amount ending in .13) makes the money available again', async () => {
    const { admin, organizer, causeId } = await scene(ctx.app);
    await useDetails(ctx.app, organizer.access);
    await fund(ctx.app, causeId, 3_000);
    const id = (await requestWithdrawal(ctx.app, organizer.access, causeId, '25.13')).json().id;
    expect(await balance(ctx.app, organizer.access, causeId)).toMatchObject({ available: '4.87' });
    const res = await adminAction(ctx.app, admin.access, id, 'approve');
    expect(res.json()).toMatchObject({ status: 'failed', failure_reason: SANDBOX_FAILURE_REASON, paid_at: null });
    expect(await balance(ctx.app, organizer.access, causeId)).toMatchObject({ withdrawn: '0.00', pending: '0.00', available: '30.00' });
    expect((await adminAction(ctx.app, admin.access, id, 'retry')).statusCode).toBe(409);
    const [message] = await notificationMessages(ctx.app, organizer.id, 'Withdrawal failed');
    expect(message).toMatch(/^Your withdrawal of GH₵25\.13 from ".+" failed: Sandbox: amounts ending in \.13 always fail\.$/);
    expect((await requestWithdrawal(ctx.app, organizer.access, causeId, '30.00')).statusCode).toBe(201);
  });

  it('rejection needs a reason, frees the money and tells the organizer why', async () => {
    const { admin, organizer, causeId } = await scene(ctx.app);
    await useDetails(ctx.app, organizer.access);
    await fund(ctx.app, causeId, 2_000);
    const id = (await requestWithdrawal(ctx.app, organizer.access, causeId, '20.00')).json().id;
    expect((await adminAction(ctx.app, admin.access, id, 'reject', { reason: '   ' })).statusCode).toBe(400);
    const res = await adminAction(ctx.app, admin.access, id, 'reject', { reason: 'Upload receipts first.' });
    expect(res.json()).toMatchObject({ status: 'rejected', rejection_reason: 'Upload receipts first.' });
    expect((await adminAction(ctx.app, admin.access, id, 'approve')).statusCode).toBe(409);
    expect(await balance(ctx.app, organizer.access, causeId)).toMatchObject({ available: '20.00' });
    const [message] = await notificationMessages(ctx.app, organizer.id, 'Withdrawal rejected');
    expect(message).toMatch(/^Your withdrawal of GH₵20\.00 from ".+" was rejected: Upload receipts first\.$/);
  });

  it('lists your own withdrawals (admins: all), keeping the destination as it was at request time', async () => {
    const a = await scene(ctx.app);
    const b = await scene(ctx.app);
    for (const s of [a, b]) {
      await useDetails(ctx.app, s.organizer.access);
      await fund(ctx.app, s.causeId, 1_000);
      expect((await requestWithdrawal(ctx.app, s.organizer.access, s.causeId, '1.00')).statusCode).toBe(201);
    }
    await useDetails(ctx.app, a.organizer.access, { ...MOMO, provider: 'ATL', phone_number: '0269999999' });
    const mine = (await ctx.app.inject({ url: '/api/withdrawals/', headers: bearer(a.organizer.access) })).json();
    expect(mine.count).toBe(1);
    expect(mine.results[0]).toMatchObject({ cause_id: a.causeId, destination_label: 'MTN Mobile Money •••• 4567' });
    const all = (await ctx.app.inject({ url: `/api/withdrawals/?cause_id=${b.causeId}`, headers: bearer(a.admin.access) })).json();
    expect(all.count).toBe(1);
    expect(all.results[0].cause_id).toBe(b.causeId);
    const none = (await ctx.app.inject({ url: `/api/withdrawals/?cause_id=${b.causeId}`, headers: bearer(a.organizer.access) })).json();
    expect(none.count).toBe(0);
    expect((await ctx.app.inject({ url: '/api/withdrawals/' })).statusCode).toBe(401);
  });
});
