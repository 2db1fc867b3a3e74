import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { backends } from './helpers/backends';
import { bearer, jwtPayload, newSession, useApp } from './helpers/app';

describe.each(backends)('refresh and logout on $name', (backend) => {
  const ctx = useApp(backend);
  const refresh = (token: unknown) => ctx.app.inject({ method: 'POST', url: '/api/user/token/refresh/', payload: { refresh: token } });
  const logout = (token: string) => ctx.app.inject({ method: 'POST', url: '/api/user/auth/logout/', payload: { refresh: token } });

  it('rotates: a new pair comes back and the new access token works', async () => {
    const session = await newSession(ctx.app);
    const res = await refresh(session.refresh);
    expect(res.statusCode).toBe(200);
    const pair = res.json();
    expect(pair.refresh).not.toBe(session.refresh);
    expect(jwtPayload(pair.access).user_id).toBe(session.id);
    const profile = await ctx.app.inject({ method: 'GET', url: '/api/user/profile/', headers: bearer(pair.access) });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().email).toBe(session.email);
    // The rotated token keeps working for the next rotation.
    expect((await refresh(pair.refresh)).statusCode).toBe(200);
  });

  it('revokes the whole family when a rotated token is presented again', async () => {
    const session = await newSession(ctx.app);
    const second = (await refresh(session.refresh)).json().refresh;
    const third = (await refresh(second)).json().refresh;
    const reuse = await refresh(session.refresh);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().code).toBe('token_invalid');
    // The newest token of the family is dead too.
    const after = await refresh(third);
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('token_invalid');
  });

  it('does not touch other logins of the same user', async () => {
    const session = await newSession(ctx.app);
    const { refresh: otherDevice } = (await ctx.app.inject({
      method: 'POST', url: '/api/user/auth/login/', payload: { email: session.email, password: 'kente-cloth-42' },
    })).json();
    await refresh(session.refresh);
    await refresh(session.refresh); // reuse: revokes only this family
    expect((await refresh(otherDevice)).statusCode).toBe(200);
  });

  it('answers 401 for unknown tokens and 400 for a missing one', async () => {
    const unknown = await refresh('not-a-real-token');
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual({ detail: 'Token is invalid or expired', code: 'token_invalid' });
    const missing = await ctx.app.inject({ method: 'POST', url: '/api/user/token/refresh/', payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ refresh: ['This field is required.'] });
  });

  it('answers 401 for an expired refresh token', async () => {
    const session = await newSession(ctx.app);
    await ctx.app.db.execute(sql`UPDATE refresh_tokens SET expires_at = now() - interval '1 minute' WHERE user_id = ${session.id}`);
    const res = await refresh(session.refresh);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('token_invalid');
  });

  it('logout revokes the family and is idempotent', async () => {
    const session = await newSession(ctx.app);
    const rotated = (await refresh(session.refresh)).json().refresh;
    const res = await logout(session.refresh);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await refresh(rotated)).statusCode).toBe(401);
    expect((await logout(session.refresh)).statusCode).toBe(204);
    expect((await logout('never-issued')).statusCode).toBe(204);
  });
});
