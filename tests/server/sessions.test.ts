/**
 * Signed-in devices (issue #33): the list (browser and system from the user agent, the address as
 * the place, last use), signing one out or all others, a password change signing the others out,
 * and an admin signing someone out everywhere: every refresh token of the user revoked and their
 * access tokens refused at once, on both of two processes sharing one PostgreSQL.
 */
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { backends } from './helpers/backends';
import { bearer, GOOD_PASSWORD, newSession, uniqueEmail, signup, useApp, useTwoApps } from './helpers/app';
import { ADMIN, adminSession } from './helpers/causes';
import { enrolTwoStep } from './helpers/two-step';
import { timeStep, totpForStep } from '../../src/server/lib/totp';
import { WS_CLOSE } from '../../src/shared/socket';
import { authedSocket, closeAll, socketUrl } from './helpers/realtime';

const PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0 Mobile Safari/537.36';
const LAPTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:126.0) Gecko/20100101 Firefox/126.0';

async function signIn(app: FastifyInstance, email: string, userAgent: string, ip: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/user/auth/login/',
    headers: { 'user-agent': userAgent },
    payload: { email, password: GOOD_PASSWORD },
    remoteAddress: ip,
  });
  expect(res.statusCode).toBe(200);
  return res.json() as { access: string; refresh: string };
}

const profileStatus = async (app: FastifyInstance, access: string) =>
  (await app.inject({ url: '/api/user/profile/', headers: bearer(access) })).statusCode;
const refreshStatus = async (app: FastifyInstance, refresh: string) =>
  (await app.inject({ method: 'POST', url: '/api/user/token/refresh/', payload: { refresh } })).statusCode;

describe.each(backends)('signed-in devices on $name', (backend) => {
  // A fast heartbeat: a signed-out device's socket closes at the next one.
  const ctx = useApp(backend, { admin: ADMIN, realtime: { authTimeoutMs: 10_000, heartbeatMs: 100, maxGuestSockets: 100 } });

  it('lists devices, signs one out, then all others; a password change signs the others out too', async () => {
    const { app } = ctx;
    const email = uniqueEmail('devices');
    await signup(app, email);
    const phone = await signIn(app, email, PHONE, '102.176.0.7');
    const laptop = await signIn(app, email, LAPTOP, '41.66.200.3');
    const third = await signIn(app, email, LAPTOP, '41.66.200.4');

    const list = (await app.inject({ url: '/api/user/security/devices/', headers: bearer(phone.access) })).json().results;
    expect(list).toHaveLength(3);
    const mine = list.find((d: { current: boolean }) => d.current);
    expect(mine).toMatchObject({ device: 'Chrome on Android', place: 'from IP 102.176.0.7' });
    expect(list.filter((d: { device: string }) => d.device === 'Firefox on Windows')).toHaveLength(2);
    const laptopRow = list.find((d: { place: string }) => d.place === 'from IP 41.66.200.3');

    // One device out: its access token stops at once, its refresh token too.
    const out = await app.inject({ method: 'DELETE', url: `/api/user/security/devices/${laptopRow.id}/`, headers: bearer(phone.access) });
    expect(out.statusCode).toBe(204);
    expect(await profileStatus(app, laptop.access)).toBe(401);
    expect(await refreshStatus(app, laptop.refresh)).toBe(401);
    expect(await profileStatus(app, third.access)).toBe(200);
    for (const id of [laptopRow.id, 'not-a-uuid', crypto.randomUUID()]) {
      const again = await app.inject({ method: 'DELETE', url: `/api/user/security/devices/${id}/`, headers: bearer(phone.access) });
      expect(again.statusCode).toBe(404);
    }
    // Someone else cannot sign my device out.
    const stranger = await newSession(app);
    const foreign = await app.inject({ method: 'DELETE', url: `/api/user/security/devices/${mine.id}/`, headers: bearer(stranger.access) });
    expect(foreign.statusCode).toBe(404);

    // All others out: this one stays.
    const others = await app.inject({ method: 'POST', url: '/api/user/security/devices/sign-out-others/', headers: bearer(phone.access) });
    expect(others.statusCode).toBe(204);
    expect(await profileStatus(app, third.access)).toBe(401);
    expect(await profileStatus(app, phone.access)).toBe(200);

    // A password change: the current one is checked, every other device signed out.
    const again = await signIn(app, email, LAPTOP, '41.66.200.5');
    const change = (payload: object) =>
      app.inject({ method: 'POST', url: '/api/user/security/password/', headers: bearer(phone.access), payload });
    const wrong = await change({ current_password: 'not-it-at-all', password: 'a-new-pass-77', password2: 'a-new-pass-77' });
    expect(wrong.json().errors.current_password).toBeDefined();
    expect(
      (await change({ current_password: GOOD_PASSWORD, password: '12345678', password2: '12345678' })).json().errors.password,
    ).toBeDefined();
    expect((await change({ current_password: GOOD_PASSWORD, password: 'a-new-pass-77', password2: 'a-new-pass-77' })).statusCode).toBe(200);
    expect(await profileStatus(app, again.access)).toBe(401);
    expect(await profileStatus(app, phone.access)).toBe(200);
    // Logging out ends the session's access token too, not only its refresh token.
    await app.inject({ method: 'POST', url: '/api/user/auth/logout/', payload: { refresh: phone.refresh } });
    expect(await profileStatus(app, phone.access)).toBe(401);
  });

  it("closes a signed-out device's socket 4001 at the next heartbeat, and only that device's", async () => {
    const url = await socketUrl(ctx.app);
    const email = uniqueEmail('sockets');
    await signup(ctx.app, email);
    const phone = await signIn(ctx.app, email, PHONE, '102.176.0.8');
    const laptop = await signIn(ctx.app, email, LAPTOP, '41.66.200.9');
    const phoneSocket = await authedSocket(url, phone.access);
    const laptopSocket = await authedSocket(url, laptop.access);
    let laptopClosed = false;
    void laptopSocket.closed.then(() => (laptopClosed = true));
    try {
      await ctx.app.inject({ method: 'POST', url: '/api/user/auth/logout/', payload: { refresh: phone.refresh } });
      expect(await phoneSocket.closed).toEqual({ code: WS_CLOSE.AUTH_EXPIRED, reason: 'Session ended' });
      // Several heartbeats later the other device is still connected and answers.
      for (let beat = 0; beat < 5; beat += 1) {
        laptopSocket.send({ type: 'ping' });
        await laptopSocket.next((m) => m.type === 'pong' && laptopSocket.messages.filter((x) => x.type === 'pong').length > beat);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(laptopClosed).toBe(false);
    } finally {
      closeAll(phoneSocket, laptopSocket);
    }
  });

  it('lets an admin sign a person out everywhere; only admins may, and it is audited', async () => {
    const { app } = ctx;
    const admin = await adminSession(app);
    const person = await newSession(app);
    const second = await signIn(app, person.email, PHONE, '10.1.1.1');
    const url = `/api/admin/users/${person.id}/sign-out/`;
    expect((await app.inject({ method: 'POST', url, headers: bearer(person.access) })).statusCode).toBe(403);
    expect((await app.inject({ method: 'POST', url: '/api/admin/users/nope/sign-out/', headers: bearer(admin.access) })).statusCode).toBe(
      404,
    );
    expect((await app.inject({ method: 'POST', url, headers: bearer(admin.access) })).statusCode).toBe(204);
    for (const tokens of [person, second]) {
      expect(await profileStatus(app, tokens.access)).toBe(401);
      expect(await refreshStatus(app, tokens.refresh)).toBe(401);
    }
    const entry = (
      await app.inject({ url: `/api/admin/audit/?action=user.sign_out_everywhere&person=${person.id}`, headers: bearer(admin.access) })
    ).json();
    expect(entry.results[0]).toMatchObject({ actor: { id: admin.id }, subject: { id: person.id }, after: { sessions_ended: 2 } });
  });
});

const postgres = backends.find((b) => b.name === 'postgres');

describe.runIf(postgres)('sessions across two processes on one PostgreSQL', () => {
  const apps = useTwoApps(postgres!, {
    admin: ADMIN,
    twoStepLimits: { perAccount: 10, perIp: 1000 },
    realtime: { authTimeoutMs: 10_000, heartbeatMs: 100, maxGuestSockets: 100 },
  });

  it('signs a person out everywhere from one process: both processes refuse their tokens at once', async () => {
    const admin = await adminSession(apps.a);
    const email = uniqueEmail('everywhere');
    await signup(apps.a, email);
    const onA = await signIn(apps.a, email, PHONE, '10.2.0.1');
    const onB = await signIn(apps.b, email, LAPTOP, '10.2.0.2');
    for (const app of [apps.a, apps.b]) for (const t of [onA, onB]) expect(await profileStatus(app, t.access)).toBe(200);
    // A socket on each process: the sign-out on one closes both.
    const sockets = [await authedSocket(await socketUrl(apps.a), onA.access), await authedSocket(await socketUrl(apps.b), onB.access)];
    const id = (await apps.b.inject({ url: '/api/user/profile/', headers: bearer(onB.access) })).json().id;
    expect(
      (await apps.a.inject({ method: 'POST', url: `/api/admin/users/${id}/sign-out/`, headers: bearer(admin.access) })).statusCode,
    ).toBe(204);
    for (const app of [apps.a, apps.b]) {
      for (const t of [onA, onB]) {
        expect(await profileStatus(app, t.access)).toBe(401);
        expect(await refreshStatus(app, t.refresh)).toBe(401);
      }
    }
    for (const socket of sockets) expect(await socket.closed).toEqual({ code: WS_CLOSE.AUTH_EXPIRED, reason: 'Session ended' });
  });

  it('checks at most 10 of 30 simultaneous wrong codes split between the processes', async () => {
    const user = await newSession(apps.a);
    const { secret } = await enrolTwoStep(apps.a, user.access);
    const login = await apps.b.inject({
      method: 'POST',
      url: '/api/user/auth/login/',
      payload: { email: user.email, password: GOOD_PASSWORD },
    });
    const challenge = login.json().challenge as string;
    const right = Number(totpForStep(secret, timeStep(Date.now())));
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        (i % 2 ? apps.a : apps.b).inject({
          method: 'POST',
          url: '/api/user/auth/login/second-step/',
          payload: { challenge, code: String((right + 400_000 + i) % 1_000_000).padStart(6, '0') },
          remoteAddress: `10.3.0.${i}`,
        }),
      ),
    );
    for (const res of answers) expect([400, 429]).toContain(res.statusCode);
    expect(answers.filter((res) => res.statusCode === 400)).toHaveLength(10);
  });
});
