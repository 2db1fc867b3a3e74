/** The /ws socket: auth protocol, ping/pong, and notifications arriving live (one app per backend). */
import { afterAll, describe, expect, it } from 'vitest';
import { AccessTokens } from '../../src/server/lib/tokens';
import { notify } from '../../src/server/repositories/notifications';
import { WS_CLOSE } from '../../src/shared/socket';
import { backends } from './helpers/backends';
import { bearer, newSession, sessionIdOf, useApp } from './helpers/app';
import { ADMIN } from './helpers/causes';
import { donate, notificationCount, sandboxDecide, scene, verify } from './helpers/giving';
import { authedSocket, closeAll, openSocket, socketUrl, waitFor, type NotificationMessage, type TestSocket } from './helpers/realtime';

const tokenUser = (id: string) => ({ id, email: 'x@example.com', role: 'user' as const, firstName: 'Ama', lastName: 'Owusu' });

describe.each(backends)('realtime socket on $name', (backend) => {
  // The production timings: a guest must outlive the 10 s deadline sockets used to have and a heartbeat.
  // Heartbeat every 2 s (production: 25 s) so a test can wait through several in a few seconds.
  const ctx = useApp(backend, { admin: ADMIN, realtime: { authTimeoutMs: 10_000, heartbeatMs: 2_000, maxGuestSockets: 100 } });
  const open: TestSocket[] = [];
  afterAll(() => closeAll(...open));
  const track = (s: TestSocket) => (open.push(s), s);

  it('delivers one notification to the organizer and one to the donor when a sandbox donation completes', async () => {
    const url = await socketUrl(ctx.app);
    const { organizer, causeId } = await scene(ctx.app);
    const donor = await newSession(ctx.app);
    const organizerSocket = track(await authedSocket(url, organizer.access));
    const donorSocket = track(await authedSocket(url, donor.access));
    // Connected but never authenticated: a guest, who must get nothing of anyone's.
    const stranger = track(await openSocket(url));

    const start = await donate(ctx.app, causeId, '40.00', {}, donor.access);
    await sandboxDecide(ctx.app, start.reference, 'success');
    expect((await verify(ctx.app, start.reference)).json().status).toBe('success');
    // Settled already: a repeat must not notify again.
    expect((await verify(ctx.app, start.reference)).json().status).toBe('success');

    const toOrganizer = await organizerSocket.next<NotificationMessage>((m) => m.type === 'notification' && m.title === 'New donation');
    expect(toOrganizer).toMatchObject({ cause_id: causeId, is_read: false, message: expect.stringContaining('GH₵40.00') });
    // Spec §3 `cause` is what a person reads: the title; the id travels beside it.
    expect(toOrganizer).toMatchObject({ cause: expect.stringMatching(/^Borehole for Walewale/) });
    expect(toOrganizer.cause_title).toBe(toOrganizer.cause);
    const toDonor = await donorSocket.next((m) => m.type === 'notification' && m.title === 'Donation confirmed');
    expect(toDonor).toMatchObject({ cause_id: causeId, message: expect.stringContaining('is confirmed') });

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

    expect(stranger.ws.readyState).toBe(stranger.ws.OPEN);
    expect(stranger.messages).toEqual([]);
  });

  it('sends nothing for a rolled-back transaction', async () => {
    const url = await socketUrl(ctx.app);
    const user = await newSession(ctx.app);
    const socket = track(await authedSocket(url, user.access));
    await ctx.app.db
      .transaction(async (tx) => {
        await notify(tx as never, user.id, { title: 'Rolled back', message: 'never happened' });
        tx.rollback();
      })
      .catch(() => {});
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

  it('keeps a socket that sends no auth message open past the auth timeout as a guest, then authenticates it', async () => {
    const url = await socketUrl(ctx.app);
    const user = await newSession(ctx.app);
    const guest = track(await openSocket(url));
    let closedEarly = false;
    void guest.closed.then(() => {
      closedEarly = true;
    });
    // Past the 10 s auth timeout (once a deadline for guests too) and several heartbeats (the ws client answers pings itself).
    await new Promise((resolve) => setTimeout(resolve, 12_000));
    expect(closedEarly).toBe(false);
    expect(guest.ws.readyState).toBe(guest.ws.OPEN);
    expect(guest.pings).toBeGreaterThanOrEqual(3);
    expect(guest.messages).toEqual([]);
    // The same first-message protocol, just later.
    guest.send({ type: 'auth', token: user.access });
    expect(await guest.next((m) => m.type === 'ready')).toEqual({ type: 'ready', user_id: user.id });
    await notify(ctx.app.db, user.id, { title: 'After waiting', message: 'delivered to the late sign-in' });
    await guest.next((m) => m.type === 'notification' && m.title === 'After waiting');
  }, 60_000);

  it('lets a guest ping and ignores its other messages; an auth message without a token closes 4000', async () => {
    const url = await socketUrl(ctx.app);
    const guest = track(await openSocket(url));
    for (const message of ['garbage', JSON.stringify([1]), JSON.stringify({ type: 'hello' })]) guest.send(message);
    guest.send({ type: 'ping' });
    await guest.next((m) => m.type === 'pong');
    expect(guest.messages).toEqual([{ type: 'pong' }]);
    expect(guest.ws.readyState).toBe(guest.ws.OPEN);
    const tokenless = track(await openSocket(url));
    tokenless.send({ type: 'auth' });
    expect(await tokenless.closed).toEqual({ code: WS_CLOSE.AUTH_REQUIRED, reason: 'Authentication required' });
    expect(tokenless.messages).toEqual([]);
  });

  it('closes 4001 for an expired token or one signed with another secret, also from a guest', async () => {
    const url = await socketUrl(ctx.app);
    const user = await newSession(ctx.app);
    const expired = await ctx.app.tokens.sign(tokenUser(user.id), sessionIdOf(user.access), -60);
    const forged = await new AccessTokens('another-secret-another-secret-0123456789').sign(tokenUser(user.id), sessionIdOf(user.access));
    for (const token of [expired, forged, 'not.a.jwt']) {
      const socket = track(await openSocket(url));
      socket.send({ type: 'auth', token });
      expect(await socket.closed).toEqual({ code: WS_CLOSE.AUTH_EXPIRED, reason: 'Token invalid or expired' });
      expect(socket.messages).toEqual([]);
    }
    const guest = track(await openSocket(url));
    guest.send({ type: 'ping' });
    await guest.next((m) => m.type === 'pong');
    guest.send({ type: 'auth', token: forged });
    expect(await guest.closed).toEqual({ code: WS_CLOSE.AUTH_EXPIRED, reason: 'Token invalid or expired' });
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

    const shortLived = track(await authedSocket(url, await ctx.app.tokens.sign(tokenUser(user.id), sessionIdOf(user.access), 2)));
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
    const res = await ctx.app.inject({
      url: `/api/notifications/?since=${encodeURIComponent(first.created_at)}`,
      headers: bearer(user.access),
    });
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

describe('guest socket bounds', () => {
  // The hub is the same on every database: one backend is enough.
  const ctx = useApp(backends[0], { realtime: { authTimeoutMs: 400, heartbeatMs: 150, maxGuestSockets: 2 } });

  it('keeps at most maxGuestSockets guests: one more must authenticate in time or closes 1013', async () => {
    const url = await socketUrl(ctx.app);
    const user = await newSession(ctx.app);
    const first = await openSocket(url);
    const second = await openSocket(url);
    await waitFor('two guests', () => ctx.app.realtime.hub.guests === 2);
    const third = await openSocket(url);
    expect(await third.closed).toEqual({ code: WS_CLOSE.TRY_AGAIN_LATER, reason: 'Too many connections, try again later' });
    // Over the cap, a socket that signs in at once (our PWA) is kept.
    const signedIn = await authedSocket(url, user.access);
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(signedIn.ws.readyState).toBe(signedIn.ws.OPEN);
    // A guest that signs in frees its guest place.
    first.send({ type: 'auth', token: user.access });
    await first.next((m) => m.type === 'ready');
    await waitFor('one guest left', () => ctx.app.realtime.hub.guests === 1);
    const fourth = await openSocket(url);
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(fourth.ws.readyState).toBe(fourth.ws.OPEN);
    closeAll(first, second, signedIn, fourth);
    await waitFor('the hub to forget closed sockets', () => ctx.app.realtime.hub.size === 0 && ctx.app.realtime.hub.guests === 0);
  });
});

describe('socket heartbeat', () => {
  const ctx = useApp(backends[0], { realtime: { authTimeoutMs: 10_000, heartbeatMs: 150, maxGuestSockets: 100 } });

  it('pings authenticated sockets and terminates one that never answers', async () => {
    const url = await socketUrl(ctx.app);
    const user = await newSession(ctx.app);
    const healthy = await authedSocket(url, user.access);
    // autoPong off: a phone whose connection went half-open.
    const silent = await authedSocket(url, user.access, { autoPong: false });
    const gone = await silent.closed;
    expect(gone.code).toBe(1006);
    expect(silent.pings).toBeGreaterThan(0);
    // Guests too: an idle guest is pinged, and dropped once it stops answering.
    const silentGuest = await openSocket(url, { autoPong: false });
    expect((await silentGuest.closed).code).toBe(1006);
    expect(silentGuest.pings).toBeGreaterThan(0);
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
