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

  it('keeps working for a client that stores only the access token: the first token twice, then the successor', async () => {
    const session = await newSession(ctx.app);
    // Spec §7 reads `access` from the answer: such a client presents its first refresh token every time.
    const first = await refresh(session.refresh);
    expect(first.statusCode).toBe(200);
    const second = await refresh(session.refresh);
    expect(second.statusCode).toBe(200);
    const third = await refresh(session.refresh);
    expect(third.statusCode).toBe(200);
    for (const answer of [first, second, third]) {
      expect(jwtPayload(answer.json().access).user_id).toBe(session.id);
      const me = await ctx.app.inject({ method: 'GET', url: '/api/user/profile/', headers: bearer(answer.json().access) });
      expect(me.statusCode).toBe(200);
    }
    // A successor works; from then on the first token is spent, and so are the successors nobody used.
    const onward = await refresh(third.json().refresh);
    expect(onward.statusCode).toBe(200);
    expect((await refresh(first.json().refresh)).statusCode).toBe(401);
    // That unused sibling coming back means a second holder: the whole login is revoked.
    expect((await refresh(onward.json().refresh)).statusCode).toBe(401);
  });

  it('still catches a stolen first token once its owner has moved on', async () => {
    const session = await newSession(ctx.app);
    // The owner (our PWA) stores every new refresh token and uses it.
    const owner1 = (await refresh(session.refresh)).json().refresh;
    const owner2 = (await refresh(owner1)).json().refresh;
    // A thief replays the first token: its successor was used, so this is a replay.
    const stolen = await refresh(session.refresh);
    expect(stolen.statusCode).toBe(401);
    expect(stolen.json()).toEqual({ detail: 'Token is invalid or expired', code: 'token_invalid' });
    // The owner's newest token is revoked with the family: whoever holds the chain signs in again.
    expect((await refresh(owner2)).statusCode).toBe(401);
  });

  it('catches a thief who used the first token before its owner did', async () => {
    const session = await newSession(ctx.app);
    const ownerNext = (await refresh(session.refresh)).json().refresh;
    // The thief presents the first token too (grace: no successor used yet) and uses what it got.
    const thiefNext = (await refresh(session.refresh)).json().refresh;
    const thiefAfter = await refresh(thiefNext);
    expect(thiefAfter.statusCode).toBe(200);
    // The owner's successor was revoked when the thief's was used; presenting it revokes the family.
    expect((await refresh(ownerNext)).statusCode).toBe(401);
    expect((await refresh(thiefAfter.json().refresh)).statusCode).toBe(401);
    expect((await refresh(session.refresh)).statusCode).toBe(401);
  });

  it('lets concurrent refreshes of one token all succeed and still detects the replay after', async () => {
    const session = await newSession(ctx.app);
    const answers = await Promise.all(Array.from({ length: 8 }, () => refresh(session.refresh)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(200));
    const used = await refresh(answers[3].json().refresh);
    expect(used.statusCode).toBe(200);
    expect((await refresh(session.refresh)).statusCode).toBe(401);
    expect((await refresh(used.json().refresh)).statusCode).toBe(401);
  });

  it('does not touch other logins of the same user', async () => {
    const session = await newSession(ctx.app);
    const { refresh: otherDevice } = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/user/auth/login/',
        payload: { email: session.email, password: 'kente-cloth-42' },
      })
    ).json();
    const next = (await refresh(session.refresh)).json().refresh;
    await refresh(next);
    expect((await refresh(session.refresh)).statusCode).toBe(401); // replay: revokes only this family
    expect((await refresh(next)).statusCode).toBe(401);
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
