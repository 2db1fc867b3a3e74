/**
 * Sign-in limits under concurrency: 30 wrong passwords arriving at the same moment may check
 * at most the limit's worth of passwords (every answer that is not 429 checked one), per email
 * and per IP, on one process and across two processes sharing a PostgreSQL database.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { backends } from './helpers/backends';
import { GOOD_PASSWORD, login, signup, testConfig, uniqueEmail, useApp } from './helpers/app';

const LIMITS = { perEmail: 10, perIp: 10, windowSeconds: 900 };
const BURST = 30;

/** Fires the logins together; returns how many were checked (not refused with 429). */
async function burst(apps: FastifyInstance[], emailFor: (i: number) => string, ipFor: (i: number) => string): Promise<number> {
  const answers = await Promise.all(
    Array.from({ length: BURST }, (_, i) => login(apps[i % apps.length], emailFor(i), 'wrong-password-9', ipFor(i))),
  );
  for (const res of answers) expect([401, 429]).toContain(res.statusCode);
  return answers.filter((res) => res.statusCode !== 429).length;
}

describe.each(backends)('sign-in limits under concurrency on $name', (backend) => {
  const ctx = useApp(backend, { loginLimits: LIMITS });

  it('checks at most 10 passwords of 30 simultaneous wrong ones for one email (from 30 addresses)', async () => {
    for (let round = 0; round < 3; round += 1) {
      const email = uniqueEmail('burst');
      await signup(ctx.app, email);
      const checked = await burst(
        [ctx.app],
        () => email,
        (i) => `10.${round}.1.${i}`,
      );
      console.log(`login burst per email on ${backend.name}: ${checked} of ${BURST} passwords checked`);
      expect(checked).toBe(LIMITS.perEmail);
      // The right password is refused too while the window lasts.
      const blocked = await login(ctx.app, email, GOOD_PASSWORD, '10.9.9.9');
      expect(blocked.statusCode).toBe(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    }
  });

  it('checks at most 10 passwords of 30 simultaneous wrong ones from one IP (30 emails)', async () => {
    for (let round = 0; round < 3; round += 1) {
      const ip = `10.20.${round}.1`;
      const checked = await burst(
        [ctx.app],
        (i) => uniqueEmail(`spray${i}`),
        () => ip,
      );
      console.log(`login burst per IP on ${backend.name}: ${checked} of ${BURST} passwords checked`);
      expect(checked).toBe(LIMITS.perIp);
    }
  });

  it('does not count sign-ins that succeed, nor attempts it refused', async () => {
    const email = uniqueEmail('steady');
    await signup(ctx.app, email);
    const ip = '10.30.0.1';
    // Fifteen good sign-ins from one address use up nothing.
    for (let i = 0; i < 15; i += 1) expect((await login(ctx.app, email, GOOD_PASSWORD, ip)).statusCode).toBe(200);
    // Nine failures, then a success forgets them: ten more failures are allowed afterwards.
    for (let i = 0; i < 9; i += 1) expect((await login(ctx.app, email, 'nope-nope-1', `10.31.0.${i}`)).statusCode).toBe(401);
    expect((await login(ctx.app, email, GOOD_PASSWORD, '10.32.0.1')).statusCode).toBe(200);
    const after = await burst(
      [ctx.app],
      () => email,
      (i) => `10.33.0.${i}`,
    );
    expect(after).toBe(LIMITS.perEmail);
  });

  it('gives back slots in one statement, also for a scope whose row was already cleaned up', async () => {
    const attempts = ctx.app.repos.loginAttempts;
    const scopes = [
      { scope: 'ip:10.50.0.1', max: 2 },
      { scope: 'email:gone@example.com', max: 2 },
    ];
    await attempts.reserve(scopes);
    await attempts.clear('email:gone@example.com');
    await attempts.release(scopes.map((s) => s.scope));
    // The given-back row counts like no row at all: the window starts afresh at the next attempt.
    for (let i = 0; i < 2; i += 1) expect((await attempts.reserve(scopes)).retryAfter).toBe(0);
    expect((await attempts.reserve(scopes)).retryAfter).toBeGreaterThan(0);
  });
});

const postgres = backends.find((b) => b.name === 'postgres');

describe.runIf(postgres)('sign-in limits across two processes on one PostgreSQL', () => {
  let apps: FastifyInstance[] = [];
  let drop: () => Promise<void> = async () => {};
  beforeAll(async () => {
    const db = await postgres!.createDatabase();
    drop = db.drop;
    apps = await Promise.all([0, 1].map(() => buildApp(testConfig(db.databaseUrl, { loginLimits: LIMITS }))));
  });
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await drop();
  });

  it('holds the per-email and per-IP limits when the attempts are split between the processes', async () => {
    for (let round = 0; round < 3; round += 1) {
      const email = uniqueEmail('twoproc');
      await signup(apps[0], email);
      expect(
        await burst(
          apps,
          () => email,
          (i) => `10.40.${round}.${i}`,
        ),
      ).toBe(LIMITS.perEmail);
      expect(
        await burst(
          apps,
          (i) => uniqueEmail(`twoproc${i}`),
          () => `10.41.${round}.1`,
        ),
      ).toBe(LIMITS.perIp);
    }
  });

  // One person (one address) guessing one account from both processes shares both counter rows
  // between every attempt: the refused ones give their slots back while others take theirs, and
  // two statements that lock those two rows in opposite orders deadlock (a 500). Several rounds,
  // because it takes a collision at the right moment.
  it('answers 401 or 429, never 500, to 30 wrong passwords for one email from one address, round after round', async () => {
    for (let round = 0; round < 8; round += 1) {
      const email = uniqueEmail('contend');
      await signup(apps[0], email);
      const ip = `10.42.${round}.1`;
      expect(
        await burst(
          apps,
          () => email,
          () => ip,
        ),
      ).toBe(LIMITS.perEmail);
    }
  });
});
