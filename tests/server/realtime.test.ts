/** The /ws socket: auth protocol, ping/pong, and notifications arriving live (one app per backend). */
import { afterAll, describe, expect, it } from 'vitest';
import { AccessTokens } from '../../src/server/lib/tokens';
import { notify } from '../../src/server/repositories/notifications';
import { WS_CLOSE } from '../../src/shared/realtime-contract';
import { backends } from './helpers/backends';
import { bearer, newSession, useApp } from './helpers/app';
import { ADMIN } from './helpers/causes';
import { donate, notificationCount, sandboxDecide, scene, verify } from './helpers/giving';
import { authedSocket, closeAll, openSocket, socketUrl, waitFor, type TestSocket } from './helpers/realtime';

const tokenUser = (id: string) => ({ id, email: 'x@example.com', role: 'user' as const, firstName: 'Ama', lastName: 'Owusu' });

describe.each(backends)('realtime socket on $name', (backend) => {
  // A short auth deadline keeps the "never authenticates" case quick; heartbeats are tested separately.
  const ctx = useApp(backend, { admin: ADMIN, realtime: { authTimeoutMs: 1500, heartbeatMs: 25_000 } });
  const open: TestSocket[] = [];
  afterAll(() => closeAll(...open));
  const track = (s: TestSocket) => (open.push(s), s);

  it('delivers one notification to the organizer and one to the donor when a sandbox donation completes', async () => {
    const url = await socketUrl(ctx.app);
    const { organizer, causeId } = await scene(ctx.app);
    const donor = await newSession(ctx.app);
    const organizerSocket = track(await authedSocket(url, organizer.access));
    const donorSocket = track(await authedSocket(url, donor.access));
    // Connected but never authenticated: must get nothing at all.
    const stranger = track(await openSocket(url));

    const start = await donate(ctx.app, causeId, '40.00', {}, donor.access);
    await sandboxDecide(ctx.app, start.reference, 'success');
    expect((await verify(ctx.app, start.reference)).json().status).toBe('success');
    // Settled already: a repeat must not notify again.
    expect((await verify(ctx.app, start.reference)).json().status).toBe('success');

    const toOrganizer = await organizerSocket.next((m) => m.type === 'notification' && m.title === 'New donation');
    expect(toOrganizer).toMatchObject({ cause: causeId, is_read: false, message: expect.stringContaining('GH₵40.00') });
    expect(toOrganizer).toMatchObject({ cause_title: expect.stringMatching(/^Borehole for Walewale/) });
    const toDonor = await donorSocket.next((m) => m.type === 'notification' && m.title === 'Donation confirmed');
    expect(toDonor).toMatchObject({ cause: causeId, message: expect.stringContaining('is confirmed') });

    // The socket message is the stored row, as the HTTP list shows it.
    const listed = (await ctx.app.inject({ url: '/api/notifications/', headers: bearer(donor.access) })).json();
    const { type, ...fields } = toDonor;
    expect(type).toBe('notification');
    expect(listed.results).toEqual([fields]);

    // Barrier: a later notification for the same user arrives after anything the settlement sent.
    await notify(ctx.app.db, organizer.id, { title: 'Sentinel', message: 'after the donation' });
    await notify(ctx.app.db, donor.id, { title: 'Sentinel', message: 'after the donation' });
    await organizerSocket.next((m) => m.type === 'notification' && m.title === 'Sentinel');
    await donorSocket.next((m) => m.type === 'notification' && m.title === 'Sentinel');
    expect(organizerSocket.notifications().map((m) => m.title)).toEqual(['New donation', 'Sentinel']);
    expect(donorSocket.notifications().map((m) => m.title)).toEqual(['Donation confirmed', 'Sentinel']);
    expect(await notificationCount(ctx.app, organizer.id, 'New donation')).toBe(1);
    expect(await notificationCount(ctx.app, donor.id, 'Donation confirmed')).toBe(1);

    expect(await stranger.closed).toEqual({ code: WS_CLOSE.AUTH_REQUIRED, reason: 'Authentication required' });
    expect(stranger.messages).toEqual([]);
  });

  it('sends nothing for a rolled-back transaction', async () => {
    const url = await socketUrl(ctx.app);
    const user = await newSession(ctx.app);
    const socket = track(await authedSocket(url, user.access));
    await ctx.app.db.transaction(async (tx) => {
      await notify(tx as never, user.id, { title: 'Rolled back', message: 'never happened' });
      tx.rollback();
    }).catch(() => {});
    await notify(ctx.app.db, user.id, { title: 'Committed', message: 'happened' });
    await socket.next((m) => m.type === 'notification' && m.title === 'Committed');
    expect(socket.notifications().map((m) => m.title)).toEqual(['Committed']);
  });

  it('loads a notification too large for a NOTIFY payload and still delivers it', async () => {
    const url = await socketUrl(ctx.app);
    const user = await newSession(ctx.app);
    const socket = track(await authedSocket(url, user.access));
    const long = 'Akwaaba! '.repeat(1200);
    const id = await notify(ctx.app.db, user.id, { title: 'Long', message: long });
    const message = await socket.next((m) => m.type === 'notification' && m.title === 'Long');
    expect(message).toMatchObject({ id, message: long, cause: null, cause_title: null });
  });

  it('closes 4000 when the first message is not an auth message', async () => {
    const url = await socketUrl(ctx.app);
    for (const first of ['garbage', JSON.stringify({ type: 'ping' }), JSON.stringify({ type: 'auth' }), JSON.stringify([1])]) {
      const socket = track(await openSocket(url));
      socket.send(first);
      expect(await socket.closed).toEqual({ code: WS_CLOSE.AUTH_REQUIRED, reason: 'Authentication required' });
      expect(socket.messages).toEqual([]);
    }
  });

  it('closes 4001 for an expired token or one signed with another secret', async () => {
    const url = await socketUrl(ctx.app);
    const user = await newSession(ctx.app);
    const expired = await ctx.app.tokens.sign(tokenUser(user.id), -60);
    const forged = await new AccessTokens('another-secret-another-secret-0123456789').sign(tokenUser(user.id));
    for (const token of [expired, forged, 'not.a.jwt']) {
      const socket = track(await openSocket(url));
      socket.send({ type: 'auth', token });
      expect(await socket.closed).toEqual({ code: WS_CLOSE.AUTH_EXPIRED, reason: 'Token invalid or expired' });
      expect(socket.messages).toEqual([]);
    }
  });

  it('answers ready and pong, and closes 4001 when the token expires while connected', async () => {
    const url = await socketUrl(ctx.app);
    const user = await newSession(ctx.app);
    const socket = track(await authedSocket(url, user.access));
    expect(socket.messages[0]).toEqual({ type: 'ready', user_id: user.id });
    socket.send({ type: 'ping' });
    await socket.next((m) => m.type === 'pong');
    socket.send('not json after auth is ignored');
    socket.send({ type: 'ping' });
    await waitFor('a second pong', () => socket.messages.filter((m) => m.type === 'pong').length === 2);

    const shortLived = track(await authedSocket(url, await ctx.app.tokens.sign(tokenUser(user.id), 2)));
    expect(await shortLived.closed).toEqual({ code: WS_CLOSE.AUTH_EXPIRED, reason: 'Token expired' });
    expect(socket.ws.readyState).toBe(socket.ws.OPEN);
  });

  it('answers a plain HTTP GET on /ws with a JSON error', async () => {
    const res = await ctx.app.inject({ url: '/ws' });
    expect(res.statusCode).toBe(426);
    expect(res.json()).toMatchObject({ code: 'validation_error' });
  });

  it('lets a reconnecting client catch up with ?since=', async () => {
    const user = await newSession(ctx.app);
    await notify(ctx.app.db, user.id, { title: 'Old', message: 'seen before the drop' });
    const first = (await ctx.app.inject({ url: '/api/notifications/', headers: bearer(user.access) })).json().results[0];
    await new Promise((resolve) => setTimeout(resolve, 5));
    await notify(ctx.app.db, user.id, { title: 'Missed 1', message: 'while offline' });
    await notify(ctx.app.db, user.id, { title: 'Missed 2', message: 'while offline' });
    const res = await ctx.app.inject({ url: `/api/notifications/?since=${encodeURIComponent(first.created_at)}`, headers: bearer(user.access) });
    expect(res.statusCode).toBe(200);
    const titles = res.json().results.map((n: { title: string }) => n.title);
    // The newest item the client already holds comes back too (merge by id): nothing is missed.
    expect(titles.sort()).toEqual(['Missed 1', 'Missed 2', 'Old']);
    const later = new Date(Date.now() + 60_000).toISOString();
    expect((await ctx.app.inject({ url: `/api/notifications/?since=${later}`, headers: bearer(user.access) })).json().count).toBe(0);
    const bad = await ctx.app.inject({ url: '/api/notifications/?since=yesterday', headers: bearer(user.access) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('since');
  });
});

describe('socket heartbeat', () => {
  const ctx = useApp(backends[0], { realtime: { authTimeoutMs: 10_000, heartbeatMs: 150 } });

  it('pings authenticated sockets and terminates one that never answers', async () => {
    const url = await socketUrl(ctx.app);
    const user = await newSession(ctx.app);
    const healthy = await authedSocket(url, user.access);
    // autoPong off: a phone whose connection went half-open.
    const silent = await authedSocket(url, user.access, { autoPong: false });
    const gone = await silent.closed;
    expect(gone.code).toBe(1006);
    expect(silent.pings).toBeGreaterThan(0);
    await waitFor('pings to the healthy socket', () => healthy.pings >= 3);
    expect(healthy.ws.readyState).toBe(healthy.ws.OPEN);
    // The client sees the terminated socket close before the server's close handler has run.
    await waitFor('the hub to drop the terminated socket', () => ctx.app.realtime.hub.size === 1);
    expect(ctx.app.realtime.hub.size).toBe(1);
    healthy.ws.close();
    await healthy.closed;
    await waitFor('the hub to forget closed sockets', () => ctx.app.realtime.hub.size === 0);
  });
});
