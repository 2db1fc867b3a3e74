/**
 * Two-step sign-in (issue #33): TOTP by RFC 6238 with one step of clock skew either way, sign-in
 * that answers a challenge instead of tokens, recovery codes that work once and only for their
 * account, remembered devices, the second step's own limits under 30 simultaneous guesses, admins
 * who can do nothing but set it up, and bad input answered 4xx.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { TOTP_PERIOD_SECONDS } from '../../src/shared/sign-in';
import { base32Encode } from '../../src/server/lib/base32';
import { matchTotp, timeStep, totpAt, totpForStep } from '../../src/server/lib/totp';
import { backends } from './helpers/backends';
import { bearer, GOOD_PASSWORD, login, newSession, useApp } from './helpers/app';
import { ADMIN } from './helpers/causes';
import { enrolTwoStep } from './helpers/two-step';

const LIMITS = { perAccount: 10, perIp: 1000 };

describe('TOTP', () => {
  it('matches RFC 6238 (SHA-1 test secret, truncated to 6 digits)', () => {
    const secret = base32Encode(Buffer.from('12345678901234567890'));
    // RFC 6238 appendix B: 94287082, 07081804, 14050471, 89005924 (8 digits); apps show the last 6.
    expect([59, 1111111109, 1111111111, 1234567890].map((t) => totpAt(secret, t * 1000))).toEqual(['287082', '081804', '050471', '005924']);
  });

  it('accepts one step of skew either way and refuses two', () => {
    const secret = base32Encode(Buffer.from('boafo-two-step-test!'));
    const now = 1_800_000_015_000; // mid-step
    const step = timeStep(now);
    for (const skew of [-1, 0, 1]) expect(matchTotp(secret, totpForStep(secret, step + skew), now)).toBe(step + skew);
    for (const skew of [-2, 2]) expect(matchTotp(secret, totpForStep(secret, step + skew), now)).toBeNull();
    expect(matchTotp(secret, '12345', now)).toBeNull();
  });
});

async function secondStep(app: FastifyInstance, payload: Record<string, unknown>, ip = '127.0.0.1') {
  return app.inject({ method: 'POST', url: '/api/user/auth/login/second-step/', payload, remoteAddress: ip });
}

/** A fresh account with two-step sign-in on: email, id, secret, recovery codes. */
async function enrolled(app: FastifyInstance) {
  const user = await newSession(app);
  const { secret, recoveryCodes } = await enrolTwoStep(app, user.access);
  return { ...user, secret, recoveryCodes };
}

async function challengeFor(app: FastifyInstance, email: string, extra: Record<string, unknown> = {}): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/user/auth/login/', payload: { email, password: GOOD_PASSWORD, ...extra } });
  expect(res.statusCode).toBe(200);
  const body = res.json();
  expect(body).toEqual({ two_step_required: true, challenge: expect.any(String), expires_in: 300, methods: ['totp', 'recovery_code'] });
  return body.challenge;
}

describe.each(backends)('two-step sign-in on $name', (backend) => {
  const ctx = useApp(backend, { admin: ADMIN, twoStepLimits: LIMITS });
  afterEach(() => vi.useRealTimers());

  it('enrols with a QR code or the secret, then signs in with a code instead of issuing tokens at once', async () => {
    const user = await newSession(ctx.app);
    const setup = await ctx.app.inject({ method: 'POST', url: '/api/user/security/two-step/setup/', headers: bearer(user.access) });
    expect(setup.statusCode).toBe(200);
    const { secret, otpauth_uri: uri, qr_svg: svg } = setup.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toContain(`secret=${secret}`);
    expect(uri).toMatch(/^otpauth:\/\/totp\/Boafo%3A/);
    expect(svg).toMatch(/^<svg /);
    const enable = (code: string) =>
      ctx.app.inject({ method: 'POST', url: '/api/user/security/two-step/enable/', headers: bearer(user.access), payload: { code } });
    expect((await enable('12ab56')).json()).toMatchObject({ code: 'validation_error', errors: { code: [expect.any(String)] } });
    const wrong = String((Number(totpAt(secret, Date.now())) + 1) % 1_000_000).padStart(6, '0');
    expect((await enable(wrong)).statusCode).toBe(400);
    const on = await enable(totpAt(secret, Date.now()));
    expect(on.statusCode).toBe(200);
    const codes = on.json().recovery_codes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-7]{4}-[a-z2-7]{4}-[a-z2-7]{4}$/);
    expect((await ctx.app.inject({ url: '/api/user/security/', headers: bearer(user.access) })).json()).toMatchObject({
      two_step: { enabled: true, recovery_codes_left: 10 },
      step_up_with: 'code',
    });

    const challenge = await challengeFor(ctx.app, user.email);
    const next = totpForStep(secret, timeStep(Date.now()) + 1);
    const signedIn = await secondStep(ctx.app, { challenge, code: `${next.slice(0, 3)} ${next.slice(3)}`, remember_device: true });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const tokens = signedIn.json();
    expect(Object.keys(tokens).sort()).toEqual(['access', 'device_token', 'refresh']);
    expect((await ctx.app.inject({ url: '/api/user/profile/', headers: bearer(tokens.access) })).statusCode).toBe(200);
    // The challenge is spent, and the code cannot be used again within its step.
    expect((await secondStep(ctx.app, { challenge, code: next })).json().errors.challenge).toBeDefined();
    const replay = await secondStep(ctx.app, { challenge: await challengeFor(ctx.app, user.email), code: next });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().errors.code[0]).toMatch(/already used/);

    // The remembered device skips the second step; someone else's device token does not.
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/auth/login/',
      payload: { email: user.email, password: GOOD_PASSWORD, device_token: tokens.device_token },
    });
    expect(Object.keys(again.json()).sort()).toEqual(['access', 'refresh']);
    const other = await enrolled(ctx.app);
    await challengeFor(ctx.app, other.email, { device_token: tokens.device_token });
  });

  it('accepts a code from one step before or after now, and refuses two steps off', async () => {
    const user = await enrolled(ctx.app);
    // A few steps after enrolment (which used the current step), in the middle of one.
    const middle = (timeStep(Date.now()) + 3.5) * TOTP_PERIOD_SECONDS * 1000;
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(middle);
    const step = timeStep(middle);
    // Replays are refused, so later steps go after earlier ones.
    for (const [skew, status] of [
      [-2, 400],
      [-1, 200],
      [2, 400],
      [1, 200],
    ] as const) {
      const res = await secondStep(ctx.app, {
        challenge: await challengeFor(ctx.app, user.email),
        code: totpForStep(user.secret, step + skew),
      });
      expect(res.statusCode, `skew ${skew}: ${res.body}`).toBe(status);
    }
  });

  it('lets a recovery code sign in once, and never another account', async () => {
    const a = await enrolled(ctx.app);
    const b = await enrolled(ctx.app);
    const code = a.recoveryCodes[3];
    const foreign = await secondStep(ctx.app, { challenge: await challengeFor(ctx.app, b.email), recovery_code: code });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors.recovery_code).toBeDefined();
    const first = await secondStep(ctx.app, { challenge: await challengeFor(ctx.app, a.email), recovery_code: code.toUpperCase() });
    expect(first.statusCode).toBe(200);
    const second = await secondStep(ctx.app, { challenge: await challengeFor(ctx.app, a.email), recovery_code: code });
    expect(second.statusCode).toBe(400);
    const status = await ctx.app.inject({ url: '/api/user/security/', headers: bearer(first.json().access) });
    expect(status.json().two_step.recovery_codes_left).toBe(9);
  });

  it('checks at most 10 of 30 simultaneous wrong codes for one account', async () => {
    for (let round = 0; round < 2; round += 1) {
      const user = await enrolled(ctx.app);
      const challenge = await challengeFor(ctx.app, user.email);
      const right = Number(totpAt(user.secret, Date.now()));
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          secondStep(ctx.app, { challenge, code: String((right + 500_000 + i) % 1_000_000).padStart(6, '0') }, `10.60.${round}.${i}`),
        ),
      );
      for (const res of answers) expect([400, 429]).toContain(res.statusCode);
      expect(answers.filter((res) => res.statusCode !== 429)).toHaveLength(LIMITS.perAccount);
      const blocked = answers.find((res) => res.statusCode === 429)!;
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      // The right code waits for the window too.
      expect((await secondStep(ctx.app, { challenge, code: totpAt(user.secret, Date.now()) })).statusCode).toBe(429);
    }
  });

  it('answers bad input with a 4xx naming the field, never a 500', async () => {
    const user = await enrolled(ctx.app);
    const challenge = await challengeFor(ctx.app, user.email);
    const cases: [Record<string, unknown>, number, string][] = [
      [{ challenge, code: '12345' }, 400, 'code'],
      [{ challenge, code: 'abcdef' }, 400, 'code'],
      [{ challenge, code: '1234567' }, 400, 'code'],
      [{ challenge }, 400, 'code'],
      [{ challenge, code: '123456', recovery_code: 'abcd-efgh-2345' }, 400, 'code'],
      [{ challenge, recovery_code: 'not a code!' }, 400, 'recovery_code'],
      [{ challenge: 'no-such-challenge', code: '123456' }, 400, 'challenge'],
      [{ challenge, code: 123456 }, 400, 'code'],
      [{ challenge, code: '1'.repeat(50) }, 400, 'code'],
      [{ challenge: 'x\u0000', code: '123456' }, 400, 'challenge'],
    ];
    for (const [payload, status, field] of cases) {
      const res = await secondStep(ctx.app, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(Object.keys(res.json().errors ?? {}), JSON.stringify(payload)).toContain(field);
    }
    const noToken = await ctx.app.inject({ method: 'POST', url: '/api/user/security/step-up/', payload: { code: '123456' } });
    expect(noToken.statusCode).toBe(401);
  });

  it('lets an admin without two-step sign-in do nothing but set it up; then admin work is open', async () => {
    const res = await login(ctx.app, ADMIN.email, ADMIN.password);
    expect(res.json()).toMatchObject({ access: expect.any(String), two_step_setup_required: true });
    const access = res.json().access as string;
    const list = await ctx.app.inject({ url: '/api/admin/users/', headers: bearer(access) });
    expect(list.statusCode).toBe(403);
    expect(list.json().code).toBe('two_step_required');
    expect((await ctx.app.inject({ url: '/api/admin/audit/', headers: bearer(access) })).json().code).toBe('two_step_required');
    await enrolTwoStep(ctx.app, access);
    expect((await ctx.app.inject({ url: '/api/admin/users/', headers: bearer(access) })).statusCode).toBe(200);
    const off = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/security/two-step/disable/',
      headers: bearer(access),
      payload: { code: '123456' },
    });
    expect(off.statusCode).toBe(403);
    // Signing in now needs the second step.
    expect((await login(ctx.app, ADMIN.email, ADMIN.password)).json().two_step_required).toBe(true);
  });

  it('turns off with a recovery code, after which sign-in gives tokens at once', async () => {
    const user = await enrolled(ctx.app);
    const off = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/security/two-step/disable/',
      headers: bearer(user.access),
      payload: { recovery_code: user.recoveryCodes[0] },
    });
    expect(off.statusCode).toBe(204);
    expect((await login(ctx.app, user.email)).json().access).toEqual(expect.any(String));
  });
});
