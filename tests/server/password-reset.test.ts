/**
 * Forgotten passwords and sign-ups with a taken email, through the mail outbox. With no SMTP_URL
 * (the default) mail is kept in the database and read back at the admins' Outgoing mail screen,
 * which is also how these tests follow the links.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { backends } from './helpers/backends';
import { bearer, GOOD_PASSWORD, login, newSession, signup, uniqueEmail, useApp } from './helpers/app';
import { adminSession, ADMIN } from './helpers/causes';
import { one } from './helpers/giving';

const NEW_PASSWORD = 'adinkra-symbol-77';

async function requestReset(app: FastifyInstance, email: string, remoteAddress = '127.0.0.1') {
  return app.inject({ method: 'POST', url: '/api/user/password-reset/', payload: { email }, remoteAddress });
}

/** The newest kept message to `to`, read the way an admin reads it. */
async function lastMailTo(
  app: FastifyInstance,
  to: string,
): Promise<{ kind: string; subject: string; text: string; html: string; status: string } | null> {
  const admin = await adminSession(app);
  const list = await app.inject({ method: 'GET', url: '/api/admin/mail/?page_size=50', headers: bearer(admin.access) });
  expect(list.statusCode).toBe(200);
  const found = (list.json().results as { id: string; to: string }[]).find((m) => m.to === to);
  if (!found) return null;
  return (await app.inject({ method: 'GET', url: `/api/admin/mail/${found.id}/`, headers: bearer(admin.access) })).json();
}

const tokenIn = (text: string) => /\/reset-password\?token=([A-Za-z0-9_%-]+)/.exec(text)?.[1];

function confirm(app: FastifyInstance, token: string, password = NEW_PASSWORD) {
  return app.inject({
    method: 'POST',
    url: '/api/user/password-reset/confirm/',
    payload: { token: decodeURIComponent(token), password, password2: password },
  });
}

describe.each(backends)('password reset on $name', (backend) => {
  const ctx = useApp(backend, { admin: ADMIN });

  it('mails a single-use link; the new password works, the old one and every session end', async () => {
    const user = await newSession(ctx.app);
    const asked = await requestReset(ctx.app, user.email.toUpperCase());
    expect(asked.statusCode).toBe(200);
    const mail = (await lastMailTo(ctx.app, user.email))!;
    expect(mail).toMatchObject({ kind: 'password_reset', subject: 'Reset your Boafo password', status: 'kept' });
    const token = tokenIn(mail.text)!;
    expect(mail.html).toContain(`/reset-password?token=${token}`);
    expect(mail.text).toMatch(/^Hello Kofi,/);

    expect((await confirm(ctx.app, token)).statusCode).toBe(200);
    expect((await login(ctx.app, user.email, GOOD_PASSWORD)).statusCode).toBe(401);
    expect((await login(ctx.app, user.email, NEW_PASSWORD)).statusCode).toBe(200);
    const refreshed = await ctx.app.inject({ method: 'POST', url: '/api/user/token/refresh/', payload: { refresh: user.refresh } });
    expect(refreshed.statusCode).toBe(401);
    // Used once: the same link again is refused in the error shape and changes nothing.
    const again = await confirm(ctx.app, token, 'another-pass-99');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      code: 'validation_error',
      errors: { token: [expect.stringMatching(/invalid, used or expired/)] },
    });
    expect((await login(ctx.app, user.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('answers the same for an unknown email and mails nobody', async () => {
    const user = await newSession(ctx.app);
    const known = await requestReset(ctx.app, user.email);
    const stranger = uniqueEmail('nobody');
    const unknown = await requestReset(ctx.app, stranger);
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.json()).toEqual(known.json());
    expect(await lastMailTo(ctx.app, stranger)).toBeNull();
  });

  it('refuses an expired link, a weak password and a link that never existed', async () => {
    const user = await newSession(ctx.app);
    await requestReset(ctx.app, user.email);
    const token = tokenIn((await lastMailTo(ctx.app, user.email))!.text)!;
    const weak = await confirm(ctx.app, token, '123');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors.password.length).toBeGreaterThan(0);
    await ctx.app.db.execute(sql`UPDATE password_resets SET expires_at = now() - interval '1 second'`);
    expect((await confirm(ctx.app, token)).statusCode).toBe(400);
    expect((await confirm(ctx.app, 'made-up-token')).statusCode).toBe(400);
    expect((await login(ctx.app, user.email, GOOD_PASSWORD)).statusCode).toBe(200);
  });

  it('a newer link voids nothing, but using one voids the others', async () => {
    const user = await newSession(ctx.app);
    await requestReset(ctx.app, user.email);
    const first = tokenIn((await lastMailTo(ctx.app, user.email))!.text)!;
    await requestReset(ctx.app, user.email);
    const second = tokenIn((await lastMailTo(ctx.app, user.email))!.text)!;
    expect(second).not.toBe(first);
    expect((await confirm(ctx.app, second)).statusCode).toBe(200);
    expect((await confirm(ctx.app, first, 'third-pass-word-5')).statusCode).toBe(400);
  });

  it('limits requests per email: the sixth within the window is 429 with Retry-After', async () => {
    const user = await newSession(ctx.app);
    const answers = await Promise.all(Array.from({ length: 6 }, () => requestReset(ctx.app, user.email, '10.9.9.9')));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 429]);
    const refused = answers.find((a) => a.statusCode === 429)!;
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const { n } = await one<{ n: number }>(ctx.app, sql`SELECT count(*)::int AS n FROM mail_outbox WHERE to_address = ${user.email}`);
    expect(n).toBe(5);
  });

  it('sign-up with a registered email answers like a new sign-up and emails the owner instead', async () => {
    const email = uniqueEmail('taken');
    const first = await signup(ctx.app, email);
    const second = await signup(ctx.app, email.toUpperCase(), 'someone-elses-pass-1');
    expect(second.statusCode).toBe(first.statusCode);
    expect(Object.keys(second.json()).sort()).toEqual(Object.keys(first.json()).sort());
    expect(second.json().id).not.toBe(first.json().id);
    const { n } = await one<{ n: number }>(ctx.app, sql`SELECT count(*)::int AS n FROM users WHERE lower(email) = ${email}`);
    expect(n).toBe(1);
    const mail = (await lastMailTo(ctx.app, email))!;
    expect(mail).toMatchObject({ kind: 'account_exists', subject: 'You already have a Boafo account' });
    expect(mail.text).toContain('/forgot-password');
    // The owner's password is untouched.
    expect((await login(ctx.app, email, GOOD_PASSWORD)).statusCode).toBe(200);
  });

  it('Outgoing mail is for admins only', async () => {
    const user = await newSession(ctx.app);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/mail/' })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/mail/', headers: bearer(user.access) })).statusCode).toBe(403);
    const admin = await adminSession(ctx.app);
    const missing = await ctx.app.inject({ method: 'GET', url: '/api/admin/mail/not-an-id/', headers: bearer(admin.access) });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: 'Message not found.', code: 'not_found' });
  });
});
