import { describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client';
import { notify } from '../../src/server/repositories/notifications';
import { backends } from './helpers/backends';
import { bearer, newSession, useApp } from './helpers/app';
import { activeCause, ADMIN, adminSession, createCause, donate, tick } from './helpers/causes';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

describe.each(backends)('favorites, notifications, donations and profiles on $name', (backend) => {
  const ctx = useApp(backend, { admin: ADMIN });
  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, access?: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: access ? bearer(access) : {}, ...(payload ? { payload } : {}) });

  it('adds, lists, searches and removes favorites', async () => {
    const admin = await adminSession(ctx.app);
    const organizer = await newSession(ctx.app);
    const fan = await newSession(ctx.app);
    const a = await activeCause(ctx.app, organizer.access, admin.access, { name: 'Ambulance for Salaga' });
    const b = await activeCause(ctx.app, organizer.access, admin.access, { name: 'Books for Keta' });
    const hidden = await createCause(ctx.app, organizer.access);

    expect((await call('POST', '/api/favorites/', fan.access, { cause_id: a.id })).statusCode).toBe(201);
    expect((await call('POST', '/api/favorites/', fan.access, { cause_id: b.id })).statusCode).toBe(201);
    const again = await call('POST', '/api/favorites/', fan.access, { cause_id: a.id });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ cause_id: a.id, is_favorite: true });
    for (const causeId of [hidden.id, UNKNOWN_ID, 'junk']) {
      expect((await call('POST', '/api/favorites/', fan.access, { cause_id: causeId })).statusCode, causeId).toBe(404);
    }
    const page = (await call('GET', '/api/favorites/', fan.access)).json();
    expect(page.count).toBe(2);
    expect(page.results.map((c: { id: string }) => c.id)).toEqual([b.id, a.id]);
    expect(page.results.every((c: { is_favorite: boolean }) => c.is_favorite)).toBe(true);
    expect((await call('GET', '/api/favorites/?search=keta', fan.access)).json().results.map((c: { id: string }) => c.id)).toEqual([b.id]);
    expect((await call('GET', `/api/causes/details/${a.id}/`, fan.access)).json().is_favorite).toBe(true);

    expect((await call('DELETE', `/api/favorites/${b.id}/`, fan.access)).statusCode).toBe(204);
    expect((await call('DELETE', `/api/favorites/${b.id}/`, fan.access)).statusCode).toBe(204);
    expect((await call('DELETE', '/api/favorites/junk/', fan.access)).statusCode).toBe(204);
    expect((await call('GET', '/api/favorites/', fan.access)).json().results.map((c: { id: string }) => c.id)).toEqual([a.id]);
    // Closing hides the cause from the public, so it leaves the fan's favorites too.
    await call('POST', `/api/causes/${a.id}/close/`, organizer.access);
    expect((await call('GET', '/api/favorites/', fan.access)).json().count).toBe(0);
    expect((await call('GET', '/api/favorites/')).statusCode).toBe(401);
    expect((await call('POST', '/api/favorites/', undefined, { cause_id: a.id })).statusCode).toBe(401);
  });

  it('lists only your own notifications and marks them read', async () => {
    const me = await newSession(ctx.app);
    const other = await newSession(ctx.app);
    const db = ctx.app.db as Db;
    for (const text of ['first', 'second', 'third']) {
      await tick();
      await notify(db, me.id, { title: 'Hello', message: text });
    }
    await notify(db, other.id, { title: 'Hello', message: 'not yours' });
    const list = (await call('GET', '/api/notifications/?page_size=2', me.access)).json();
    expect(list.count).toBe(3);
    expect(list.results.map((n: { message: string }) => n.message)).toEqual(['third', 'second']);
    expect(list.results[0]).toMatchObject({ title: 'Hello', cause: null, cause_title: null, is_read: false });
    expect(new URL(list.next).searchParams.get('page')).toBe('2');
    expect((await call('GET', '/api/notifications/unread-count/', me.access)).json()).toEqual({ count: 3 });

    const otherId = (await call('GET', '/api/notifications/', other.access)).json().results[0].id;
    expect((await call('POST', `/api/notifications/${otherId}/read/`, me.access)).statusCode).toBe(404);
    expect((await call('POST', '/api/notifications/nope/read/', me.access)).statusCode).toBe(404);
    const read = await call('POST', `/api/notifications/${list.results[0].id}/read/`, me.access);
    expect(read.json()).toMatchObject({ id: list.results[0].id, is_read: true });
    expect((await call('GET', '/api/notifications/unread-count/', me.access)).json()).toEqual({ count: 2 });
    expect((await call('POST', '/api/notifications/read-all/', me.access)).json()).toEqual({ updated: 2 });
    expect((await call('GET', '/api/notifications/unread-count/', me.access)).json()).toEqual({ count: 0 });
    expect((await call('GET', '/api/notifications/unread-count/', other.access)).json()).toEqual({ count: 1 });
    expect((await call('GET', '/api/notifications/')).statusCode).toBe(401);
  });

  it("answers a donor's own history, newest first, and a dashboard for the month", async () => {
    const admin = await adminSession(ctx.app);
    const organizer = await newSession(ctx.app);
    const donor = await newSession(ctx.app);
    const db = ctx.app.db as Db;
    const cause = await activeCause(ctx.app, organizer.access, admin.access, {
      name: 'Ward beds in Ho',
      category: 'Medical',
      target_amount: '5000',
    });
    const now = new Date();
    const lastYear = new Date(Date.UTC(now.getUTCFullYear() - 1, 5, 15));
    await donate(db, { causeId: cause.id, amount: 2_550, donorId: donor.id, email: donor.email, completedAt: lastYear });
    await donate(db, { causeId: cause.id, amount: 10_000, donorId: donor.id, email: donor.email, isAnonymous: true });
    await donate(db, { causeId: cause.id, amount: 700, donorId: donor.id, email: donor.email, status: 'pending' });
    await donate(db, { causeId: cause.id, amount: 999, email: 'someone@example.com' });

    // Money given by default; the unpaid line only when asked for.
    const history = (await call('GET', '/api/donations/', donor.access)).json();
    expect(history.count).toBe(2);
    expect(history.results.map((d: { amount: string; status: string }) => `${d.amount} ${d.status}`)).toEqual([
      '100.00 completed',
      '25.50 completed',
    ]);
    expect(history.results[0]).toMatchObject({
      cause_id: cause.id,
      cause_title: 'Ward beds in Ho',
      organizer_id: organizer.id,
      category: 'Medical',
      is_anonymous: true,
    });
    expect(history.results[1].donated_at).toBe(lastYear.toISOString());
    const everything = (await call('GET', '/api/donations/?status=all', donor.access)).json();
    expect(everything.results.map((d: { amount: string; status: string }) => `${d.amount} ${d.status}`)).toEqual([
      '7.00 pending',
      '100.00 completed',
      '25.50 completed',
    ]);
    expect((await call('GET', '/api/donations/', organizer.access)).json().count).toBe(0);
    // A guest gets the landing cards, never anyone's history; a bad token is still a 401.
    expect((await call('GET', '/api/donations/')).json().results.every((card: object) => !('amount' in card))).toBe(true);
    expect((await call('GET', '/api/donations/', 'not-a-token')).statusCode).toBe(401);

    const month = now.toISOString().slice(0, 7);
    const dash = (await call('GET', '/api/user/dashboard/', donor.access)).json();
    expect(dash).toMatchObject({ month, donated_in_month: '100.00', donations_in_month: 1, raised_in_month: '0.00' });
    expect(dash.months).toEqual([month, lastYear.toISOString().slice(0, 7)]);
    const old = (await call('GET', `/api/user/dashboard/?month=${lastYear.toISOString().slice(0, 7)}`, donor.access)).json();
    expect(old).toMatchObject({ donated_in_month: '25.50', donations_in_month: 1 });
    const org = (await call('GET', '/api/user/dashboard/', organizer.access)).json();
    expect(org).toMatchObject({
      raised_in_month: '109.99',
      causes: { total: 1, active: 1, under_review: 0, rejected: 0 },
      unread_notifications: 1,
    });
    expect((await call('GET', '/api/user/dashboard/?month=2024-13', donor.access)).statusCode).toBe(400);
  });

  it('shows public profiles without private fields, and counts on your own profile', async () => {
    const admin = await adminSession(ctx.app);
    const organizer = await newSession(ctx.app);
    const visitor = await newSession(ctx.app);
    await ctx.app.inject({
      method: 'PUT',
      url: '/api/user/profile/',
      headers: bearer(organizer.access),
      payload: {
        bio: 'Nurse in Ho',
        phone_number: '0241234567',
        address: 'Ho',
        withdrawal_address: { type: 'mobile_money', provider: 'MTN', phone_number: '0241234567', account_name: 'Kofi Boateng' },
      },
    });
    await activeCause(ctx.app, organizer.access, admin.access, { name: 'Public one' });
    await createCause(ctx.app, organizer.access, { name: 'Pending one' });

    const seen = (await call('GET', `/api/user/profiles/${organizer.id}/`, visitor.access)).json();
    expect(seen).toMatchObject({ id: organizer.id, name: 'Kofi Boateng', bio: 'Nurse in Ho', causes_created: 1, causes_active: 1 });
    expect(seen.causes.map((c: { name: string }) => c.name)).toEqual(['Public one']);
    for (const key of ['email', 'phone_number', 'phone', 'address', 'withdrawal_address']) expect(seen).not.toHaveProperty(key);
    expect(JSON.stringify(seen)).not.toContain('241234567');

    const own = (await call('GET', `/api/user/profiles/${organizer.id}/`, organizer.access)).json();
    expect(own.causes.map((c: { name: string }) => c.name)).toEqual(['Pending one', 'Public one']);
    expect(own.causes_created).toBe(2);
    const profile = (await call('GET', '/api/user/profile/', organizer.access)).json();
    expect(profile).toMatchObject({ causes_created: 2, causes_active: 1 });
    for (const id of ['junk', UNKNOWN_ID]) expect((await call('GET', `/api/user/profiles/${id}/`)).statusCode).toBe(404);
  });
});
