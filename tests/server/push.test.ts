/** Web Push: VAPID keys, subscriptions (upsert, own-only removal) and delivery to a local fake push service. */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { importJWK, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config';
import { pushEndpointProblem } from '../../src/server/push/sender';
import { notify } from '../../src/server/repositories/notifications';
import { backends } from './helpers/backends';
import { bearer, newSession, useApp } from './helpers/app';
import { activeCause, adminSession, ADMIN } from './helpers/causes';
import { browserKeys, startFakePush, subscribe, TEST_PUSH, type FakePush } from './helpers/fake-push';
import { one } from './helpers/giving';
import { waitFor } from './helpers/realtime';

const rowsFor = async (app: FastifyInstance, endpoint: string) =>
  (await one<{ n: number }>(app, sql`SELECT count(*)::int AS n FROM push_subscriptions WHERE endpoint = ${endpoint}`)).n;

describe.each(backends)('web push on $name', (backend) => {
  const ctx = useApp(backend, { admin: ADMIN, push: TEST_PUSH });
  let fake: FakePush;
  beforeAll(async () => {
    fake = await startFakePush();
  });
  afterAll(async () => {
    await fake?.close();
  });

  it('serves a VAPID public key generated once and kept in the database', async () => {
    const res = await ctx.app.inject({ url: '/api/push/public-key/' });
    expect(res.statusCode).toBe(200);
    const key = res.json().public_key;
    expect(Buffer.from(key, 'base64url')).toHaveLength(65);
    const stored = await one<{ value: string }>(ctx.app, sql`SELECT value FROM app_settings WHERE key = 'vapid_keys'`);
    expect(JSON.parse(stored.value).publicKey).toBe(key);
  });

  it('stores subscriptions by endpoint and moves one to whoever subscribes it last', async () => {
    const [ama, kofi] = [await newSession(ctx.app), await newSession(ctx.app)];
    const { endpoint, keys } = await subscribe(ctx.app, fake, ama.access);
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/push/subscribe/',
      headers: bearer(kofi.access),
      payload: { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } },
    });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toMatchObject({ endpoint });
    const row = await one<{ n: number; user_id: string }>(
      ctx.app,
      sql`SELECT count(*)::int AS n, min(user_id::text) AS user_id FROM push_subscriptions WHERE endpoint = ${endpoint}`,
    );
    expect(row).toEqual({ n: 1, user_id: kofi.id });

    // Ama can no longer remove it: it is Kofi's now. Kofi can, and a repeat is still 204.
    const notHers = await ctx.app.inject({
      method: 'POST',
      url: '/api/push/unsubscribe/',
      headers: bearer(ama.access),
      payload: { endpoint },
    });
    expect(notHers.statusCode).toBe(204);
    expect(await rowsFor(ctx.app, endpoint)).toBe(1);
    for (let i = 0; i < 2; i += 1) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/push/unsubscribe/',
        headers: bearer(kofi.access),
        payload: { endpoint },
      });
      expect(res.statusCode).toBe(204);
    }
    expect(await rowsFor(ctx.app, endpoint)).toBe(0);
  });

  it('refuses anonymous callers and malformed keys', async () => {
    const user = await newSession(ctx.app);
    const keys = browserKeys();
    const body = { endpoint: `${fake.url}/push/x`, keys: { p256dh: keys.p256dh, auth: keys.auth } };
    expect((await ctx.app.inject({ method: 'POST', url: '/api/push/subscribe/', payload: body })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/push/unsubscribe/', payload: { endpoint: body.endpoint } })).statusCode).toBe(
      401,
    );
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/api/push/subscribe/',
      headers: bearer(user.access),
      payload: { endpoint: body.endpoint, keys: { p256dh: Buffer.alloc(65, 7).toString('base64url'), auth: 'c2hvcnQtc2hvcnQtc2hvcnQ' } },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'validation_error' });
    expect(Object.keys(bad.json().errors).sort()).toEqual(['auth', 'p256dh']);
    const missing = await ctx.app.inject({
      method: 'POST',
      url: '/api/push/subscribe/',
      headers: bearer(user.access),
      payload: { endpoint: body.endpoint },
    });
    expect(missing.json().errors).toHaveProperty('keys');
  });

  it('pushes each new notification once, encrypted and VAPID-signed, and records the use', async () => {
    const admin = await adminSession(ctx.app);
    const organizer = await newSession(ctx.app);
    const { endpoint, path, keys } = await subscribe(ctx.app, fake, organizer.access);
    const cause = await activeCause(ctx.app, organizer.access, admin.access);

    const request = await waitFor('the push request', () => fake.requests.find((r) => r.path === path));
    expect(request.headers['content-encoding']).toBe('aes128gcm');
    expect(request.headers.ttl).toBe('86400');
    const stored = (await ctx.app.inject({ url: '/api/notifications/', headers: bearer(organizer.access) })).json().results[0];
    expect(keys.decrypt(request.body)).toEqual({
      title: 'Cause approved',
      body: stored.message,
      url: `/causes/${cause.id}`,
      id: stored.id,
      cause: cause.title,
      cause_id: cause.id,
    });

    // Authorization: vapid t=<ES256 JWT for the push service's origin>, k=<our public key>.
    const auth = /^vapid t=([^,]+), k=(.+)$/.exec(String(request.headers.authorization));
    expect(auth).not.toBeNull();
    const publicKey = ctx.app.push.keys.publicKey;
    expect(auth![2]).toBe(publicKey);
    const point = Buffer.from(publicKey, 'base64url');
    const jwk = { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') };
    const { payload } = await jwtVerify(auth![1], await importJWK(jwk, 'ES256'));
    expect(payload).toMatchObject({ aud: fake.url, sub: TEST_PUSH.subject });

    await ctx.app.realtime.idle();
    expect(fake.requests.filter((r) => r.path === path)).toHaveLength(1);
    const used = await one<{ used: boolean }>(
      ctx.app,
      sql`SELECT last_used_at IS NOT NULL AS used FROM push_subscriptions WHERE endpoint = ${endpoint}`,
    );
    expect(used.used).toBe(true);
  });

  it('links to the notifications page when there is no cause, and drops subscriptions the service calls gone', async () => {
    const user = await newSession(ctx.app);
    const gone = await subscribe(ctx.app, fake, user.access);
    const missing = await subscribe(ctx.app, fake, user.access);
    const flaky = await subscribe(ctx.app, fake, user.access);
    fake.statusFor.set(gone.path, 410);
    fake.statusFor.set(missing.path, 404);
    fake.statusFor.set(flaky.path, 503);
    const id = await notify(ctx.app.db, user.id, { title: 'Hello', message: 'No cause here' });
    const request = await waitFor('the push to the flaky endpoint', () => fake.requests.find((r) => r.path === flaky.path));
    expect(flaky.keys.decrypt(request.body)).toEqual({
      title: 'Hello',
      body: 'No cause here',
      url: '/notificationspage',
      id,
      cause: null,
      cause_id: null,
    });
    await waitFor(
      '410 and 404 endpoints removed',
      async () => (await rowsFor(ctx.app, gone.endpoint)) === 0 && (await rowsFor(ctx.app, missing.endpoint)) === 0,
    );
    await ctx.app.realtime.idle();
    // A temporary failure keeps the subscription.
    expect(await rowsFor(ctx.app, flaky.endpoint)).toBe(1);
  });
});

describe('push settings', () => {
  const pair = {
    VAPID_PUBLIC_KEY: Buffer.alloc(65, 4).toString('base64url'),
    VAPID_PRIVATE_KEY: Buffer.alloc(32, 9).toString('base64url'),
  };

  it('takes both VAPID keys or neither, and checks their size and the subject', () => {
    expect(loadConfig({ ...pair }).push).toMatchObject({
      vapid: { publicKey: pair.VAPID_PUBLIC_KEY },
      subject: 'mailto:support@boafo.app',
    });
    expect(loadConfig({}).push.vapid).toBeNull();
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: pair.VAPID_PUBLIC_KEY })).toThrow(ConfigError);
    expect(() => loadConfig({ ...pair, VAPID_PRIVATE_KEY: 'short' })).toThrow(/VAPID_PRIVATE_KEY/);
    expect(() => loadConfig({ ...pair, VAPID_PUBLIC_KEY: 'short' })).toThrow(/VAPID_PUBLIC_KEY/);
    expect(() => loadConfig({ VAPID_SUBJECT: 'support@boafo.app' })).toThrow(/VAPID_SUBJECT/);
    expect(loadConfig({ VAPID_SUBJECT: 'https://boafo.app/contact' }).push.subject).toBe('https://boafo.app/contact');
    expect(loadConfig({}).push.allowInsecureEndpoints).toBe(false);
  });

  it('accepts only https push endpoints outside tests', () => {
    expect(pushEndpointProblem('https://fcm.googleapis.com/fcm/send/abc', false)).toBeNull();
    for (const bad of ['http://fcm.googleapis.com/x', 'https://localhost/x', 'https://127.0.0.1/x', 'https://[::1]/x', 'nonsense']) {
      expect(pushEndpointProblem(bad, false)).not.toBeNull();
    }
    expect(pushEndpointProblem('http://127.0.0.1:9/x', true)).toBeNull();
  });
});
