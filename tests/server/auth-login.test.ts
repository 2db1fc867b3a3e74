import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { backends } from './helpers/backends';
import { GOOD_PASSWORD, TEST_JWT_SECRET, bearer, jwtPayload, login, signup, uniqueEmail, useApp } from './helpers/app';

describe.each(backends)('login on $name', (backend) => {
  const ctx = useApp(backend, {
    jwtSecret: TEST_JWT_SECRET,
    loginLimits: { perEmail: 3, perIp: 5, windowSeconds: 900 },
  });

  it('returns access and refresh tokens with the user claims', async () => {
    const email = uniqueEmail();
    const created = (await signup(ctx.app, email)).json();
    const res = await login(ctx.app, email.toUpperCase());
    expect(res.statusCode).toBe(200);
    const { access, refresh } = res.json();
    expect(typeof refresh).toBe('string');
    expect(refresh.length).toBeGreaterThanOrEqual(40);
    const claims = jwtPayload(access);
    expect(claims.user_id).toBe(created.id);
    expect(claims.sub).toBe(created.id);
    expect(claims.role).toBe('user');
    expect(claims.email).toBe(email);
    expect(claims.name).toBe('Kofi Boateng');
    expect(Number(claims.exp) - Number(claims.iat)).toBe(15 * 60);
  });

  it('gives identical answers for a wrong email and a wrong password', async () => {
    const email = uniqueEmail();
    await signup(ctx.app, email);
    const wrongPassword = await login(ctx.app, email, 'not-the-password', '10.0.0.1');
    const wrongEmail = await login(ctx.app, uniqueEmail('nobody'), GOOD_PASSWORD, '10.0.0.1');
    expect(wrongPassword.statusCode).toBe(401);
    expect(wrongEmail.statusCode).toBe(401);
    expect(wrongPassword.body).toBe(wrongEmail.body);
    expect(wrongPassword.json()).toEqual({ detail: 'No active account found with the given credentials', code: 'invalid_credentials' });
  });

  it('requires email and password', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/user/auth/login/', payload: { email: '' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ email: ['This field may not be blank.'], password: ['This field is required.'] });
  });

  it('rate limits failed attempts per email, even with the right password', async () => {
    const email = uniqueEmail('limited');
    await signup(ctx.app, email);
    for (let i = 0; i < 3; i += 1) {
      expect((await login(ctx.app, email, 'wrong-password', `10.1.0.${i}`)).statusCode).toBe(401);
    }
    const blocked = await login(ctx.app, email, GOOD_PASSWORD, '10.1.0.99');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe('rate_limited');
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(900);
    // Another account is unaffected.
    const other = uniqueEmail();
    await signup(ctx.app, other);
    expect((await login(ctx.app, other, GOOD_PASSWORD, '10.1.0.99')).statusCode).toBe(200);
  });

  it('rate limits failed attempts per IP across emails', async () => {
    const ip = '10.2.0.1';
    for (let i = 0; i < 5; i += 1) {
      expect((await login(ctx.app, uniqueEmail('spray'), 'whatever-1', ip)).statusCode).toBe(401);
    }
    const email = uniqueEmail();
    await signup(ctx.app, email);
    const blocked = await login(ctx.app, email, GOOD_PASSWORD, ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe('rate_limited');
    expect((await login(ctx.app, email, GOOD_PASSWORD, '10.2.0.2')).statusCode).toBe(200);
  });

  describe('access tokens on a protected route', () => {
    const profile = (headers: Record<string, string>) => ctx.app.inject({ method: 'GET', url: '/api/user/profile/', headers });

    it('answers 401 not_authenticated without a token', async () => {
      const res = await profile({});
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ detail: 'Authentication credentials were not provided.', code: 'not_authenticated' });
    });

    it('answers 401 token_invalid for garbage, tampered and expired tokens', async () => {
      const email = uniqueEmail();
      const id = (await signup(ctx.app, email)).json().id;
      const { access } = (await login(ctx.app, email)).json();
      expect((await profile(bearer(access))).statusCode).toBe(200);

      const [header, payload, signature] = access.split('.');
      const forged = Buffer.from(JSON.stringify({ ...jwtPayload(access), role: 'admin' })).toString('base64url');
      const key = new TextEncoder().encode(TEST_JWT_SECRET);
      const now = Math.floor(Date.now() / 1000);
      const expired = await new SignJWT({ user_id: id, role: 'user', email, name: 'x' })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(id)
        .setIssuedAt(now - 3600)
        .setExpirationTime(now - 60)
        .sign(key);
      const otherKey = await new SignJWT({ user_id: id, role: 'user', email, name: 'x' })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(id)
        .setIssuedAt(now)
        .setExpirationTime(now + 600)
        .sign(new TextEncoder().encode('another-secret-another-secret-another-secret'));
      const candidates = [
        'garbage',
        `${header}.${forged}.${signature}`,
        `${header}.${payload}.${signature.slice(0, -4)}AAAA`,
        expired,
        otherKey,
        'a.b.c',
      ];
      for (const token of candidates) {
        const res = await profile(bearer(token));
        expect(res.statusCode, token).toBe(401);
        expect(res.json().code).toBe('token_invalid');
        expect(res.headers['www-authenticate']).toContain('Bearer');
      }
      const empty = await profile({ authorization: 'Bearer' });
      expect(empty.statusCode).toBe(401);
      expect(empty.json().code).toBe('token_invalid');
    });
  });
});
