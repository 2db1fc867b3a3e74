import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { backends } from './helpers/backends';
import { GOOD_PASSWORD, bearer, newSession, uniqueEmail, useApp } from './helpers/app';

describe.each(backends)('idempotency keys on $name', (backend) => {
  const ctx = useApp(backend);
  const signupWithKey = (key: string, email: string, extra: Record<string, string> = {}) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/user/auth/signup/',
      headers: { 'idempotency-key': key },
      payload: { first_name: 'Yaa', last_name: 'Asantewaa', email, password: GOOD_PASSWORD, password2: GOOD_PASSWORD, ...extra },
    });
  const countUsers = async (email: string) =>
    (await queryRows<{ n: number }>(ctx.app.db, sql`SELECT count(*)::int AS n FROM users WHERE email = ${email}`))[0].n;

  it('replays the stored answer without applying the request again', async () => {
    const email = uniqueEmail('idem');
    const first = await signupWithKey('key-signup-1', email);
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const second = await signupWithKey('key-signup-1', email);
    // Without the key this would be a 400 "already exists": a 201 proves the stored answer came back.
    expect(second.statusCode).toBe(201);
    expect(second.body).toBe(first.body);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.headers['content-type']).toContain('application/json');
    expect(await countUsers(email)).toBe(1);
  });

  it('answers 422 idempotency_conflict when the key is reused for a different request', async () => {
    const email = uniqueEmail('idem');
    expect((await signupWithKey('key-conflict', email)).statusCode).toBe(201);
    const otherBody = await signupWithKey('key-conflict', email, { first_name: 'Different' });
    expect(otherBody.statusCode).toBe(422);
    expect(otherBody.json()).toEqual({ detail: expect.any(String), code: 'idempotency_conflict' });
    const otherPath = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/auth/logout/',
      headers: { 'idempotency-key': 'key-conflict' },
      payload: { refresh: 'x' },
    });
    expect(otherPath.statusCode).toBe(422);
  });

  it('never stores token answers (login and refresh ignore the key)', async () => {
    const email = uniqueEmail('idem');
    await signupWithKey('key-signup-for-login', email);
    const loginWithKey = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/user/auth/login/',
        headers: { 'idempotency-key': 'key-login' },
        payload: { email, password: GOOD_PASSWORD },
      });
    const first = await loginWithKey();
    const second = await loginWithKey();
    expect(second.statusCode).toBe(200);
    expect(second.headers['idempotent-replayed']).toBeUndefined();
    expect(second.json().refresh).not.toBe(first.json().refresh);
    const stored = await queryRows<{ n: number }>(ctx.app.db, sql`SELECT count(*)::int AS n FROM idempotency_keys WHERE key = 'key-login'`);
    expect(stored[0].n).toBe(0);
  });

  it('stores 4xx answers too', async () => {
    const first = await signupWithKey('key-invalid', 'not-an-email');
    expect(first.statusCode).toBe(400);
    const second = await signupWithKey('key-invalid', 'not-an-email');
    expect(second.statusCode).toBe(400);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json()).toEqual(first.json());
  });

  it('answers 409 while the first request with the key is still running', async () => {
    const email = uniqueEmail();
    expect((await signupWithKey('key-busy', email)).statusCode).toBe(201);
    // Make the record look like the first request has not answered yet.
    await ctx.app.db.execute(sql`UPDATE idempotency_keys SET status = NULL, body = NULL WHERE key = 'key-busy'`);
    const res = await signupWithKey('key-busy', email);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('conflict');
  });

  it('ignores expired keys', async () => {
    await ctx.app.db.execute(sql`INSERT INTO idempotency_keys (scope, key, method, path, fingerprint, status, body, expires_at)
      VALUES ('anonymous', 'key-old', 'POST', '/elsewhere', 'x', 200, '{}', now() - interval '1 minute')`);
    const res = await signupWithKey('key-old', uniqueEmail());
    expect(res.statusCode).toBe(201);
  });

  it('scopes keys per signed-in user', async () => {
    const a = await newSession(ctx.app);
    const b = await newSession(ctx.app);
    const update = (access: string, bio: string) =>
      ctx.app.inject({
        method: 'PUT',
        url: '/api/user/profile/',
        headers: { ...bearer(access), 'idempotency-key': 'shared-key' },
        payload: { bio },
      });
    expect((await update(a.access, 'A bio')).json().bio).toBe('A bio');
    const forB = await update(b.access, 'B bio');
    expect(forB.statusCode).toBe(200);
    expect(forB.json().bio).toBe('B bio');
    const replayA = await update(a.access, 'A bio');
    expect(replayA.headers['idempotent-replayed']).toBe('true');
    expect(replayA.json().email).toBe(a.email);
  });

  it('replays an empty 204', async () => {
    const session = await newSession(ctx.app);
    const call = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/user/auth/logout/',
        headers: { 'idempotency-key': 'key-logout' },
        payload: { refresh: session.refresh },
      });
    expect((await call()).statusCode).toBe(204);
    const again = await call();
    expect(again.statusCode).toBe(204);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe('');
  });
});
