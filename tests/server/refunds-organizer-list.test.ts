/**
 * GET /api/causes/{id}/donations/: the cause's organizer (and admins) list its donations with what was
 * refunded and what still can be, so the organizer's withdrawals page can offer a refund per donation.
 * Anonymous donors stay anonymous to the organizer; others' causes are a 403, guests 401.
 */
import { describe, expect, it } from 'vitest';
import { backends } from './helpers/backends';
import { bearer, newSession, useApp } from './helpers/app';
import { ADMIN } from './helpers/causes';
import { scene } from './helpers/giving';
import { give, organizerRefund } from './helpers/refunds';

describe.each(backends)('the organizer list of a cause donations on $name', (backend) => {
  const ctx = useApp(backend, { admin: ADMIN, cardHoldHours: 0 });
  const list = (causeId: string, access?: string, query = '') =>
    ctx.app.inject({ url: `/api/causes/${causeId}/donations/${query}`, headers: access ? bearer(access) : {} });

  it('lists newest first with refunded and refundable, hides anonymous names from the organizer, pages like the admin list', async () => {
    const { admin, organizer, causeId } = await scene(ctx.app);
    const first = await give(ctx.app, causeId, '100.00');
    const hidden = await give(ctx.app, causeId, '40.00', { is_anonymous: true, first_name: 'Yaw', last_name: 'Boateng' });
    expect((await organizerRefund(ctx.app, organizer.access, causeId, first.id, '30.00')).statusCode).toBe(200);

    const res = await list(causeId, organizer.access);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.count).toBe(2);
    expect(body.results.map((d: { id: string }) => d.id)).toEqual([hidden.id, first.id]);
    expect(body.results[1]).toMatchObject({
      cause_id: causeId,
      amount: '100.00',
      refunded: '30.00',
      refundable: '70.00',
      status: 'completed',
    });
    expect(body.results[0]).toMatchObject({ is_anonymous: true, donor_name: null });

    // The admin sees the same rows, with the anonymous donor's name, and the same as the admin list.
    const asAdmin = (await list(causeId, admin.access)).json();
    const adminList = (await ctx.app.inject({ url: `/api/admin/donations/?cause_id=${causeId}`, headers: bearer(admin.access) })).json();
    expect(asAdmin.results).toEqual(adminList.results);
    expect(asAdmin.results[0].donor_name).toBe('Yaw Boateng');

    const paged = (await list(causeId, organizer.access, '?page=2&page_size=1')).json();
    expect(paged.results.map((d: { id: string }) => d.id)).toEqual([first.id]);
    expect(paged.next).toBeNull();
    expect(paged.previous).toContain('page=1');
  });

  it('refuses guests (401), other people (403) and unknown causes (404)', async () => {
    const { causeId } = await scene(ctx.app);
    const stranger = await newSession(ctx.app);
    expect((await list(causeId)).statusCode).toBe(401);
    const other = await list(causeId, stranger.access);
    expect(other.statusCode).toBe(403);
    expect(other.json().code).toBe('permission_denied');
    expect((await list('00000000-0000-4000-8000-000000000000', stranger.access)).statusCode).toBe(404);
    expect((await list('not-a-uuid', stranger.access)).statusCode).toBe(404);
  });
});
