/**
 * Two-step sign-in for tests, the way a person with an authenticator app does it: enrol (the
 * server's secret, then a code), sign in with a code and "remember this device", confirm a money
 * action. Codes come from the secret kept in the database; each is taken for a time step the
 * account has not used yet (replays are refused), within the one step of skew the server allows.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { queryRows } from '../../../src/server/db/client';
import { timeStep, totpForStep } from '../../../src/server/lib/totp';
import { bearer, jwtPayload } from './app';

/** Device tokens of accounts signed in with "remember this device", per database and email. */
const rememberedDevices = new Map<unknown, Map<string, string>>();
const devicesOf = (app: FastifyInstance) => {
  const key = app.config.databaseUrl ?? app;
  if (!rememberedDevices.has(key)) rememberedDevices.set(key, new Map());
  return rememberedDevices.get(key)!;
};

/** A code for the account's next unused time step (now, or the one after when now was used, or a later one once it comes). */
export async function nextCode(app: FastifyInstance, userId: string): Promise<string> {
  const [row] = await queryRows<{ secret: string; last_step: string | number | null }>(
    app.db,
    sql`SELECT secret, last_step FROM two_step WHERE user_id = ${userId}`,
  );
  if (!row) throw new Error('two-step sign-in is not set up for this account');
  const step = Math.max(timeStep(Date.now()), row.last_step === null ? 0 : Number(row.last_step) + 1);
  // The server accepts the current step and the next. When a test has used both (many sign-ins in one
  // half-minute, or a restored database that remembers them), wait for the clock rather than fail.
  while (step > timeStep(Date.now()) + 1) await new Promise((resolve) => setTimeout(resolve, 500));
  return totpForStep(row.secret, step);
}

/** Turns two-step sign-in on for the holder of `access`: the secret and the recovery codes. */
export async function enrolTwoStep(app: FastifyInstance, access: string): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = await app.inject({ method: 'POST', url: '/api/user/security/two-step/setup/', headers: bearer(access) });
  if (setup.statusCode !== 200) throw new Error(`two-step setup failed: ${setup.statusCode} ${setup.body}`);
  const secret = setup.json().secret as string;
  const code = totpForStep(secret, timeStep(Date.now()));
  const enabled = await app.inject({
    method: 'POST',
    url: '/api/user/security/two-step/enable/',
    headers: bearer(access),
    payload: { code },
  });
  if (enabled.statusCode !== 200) throw new Error(`two-step enable failed: ${enabled.statusCode} ${enabled.body}`);
  return { secret, recoveryCodes: enabled.json().recovery_codes };
}

/** Enrols unless already on (for organizers and treasurers before they move money). */
export async function ensureTwoStep(app: FastifyInstance, access: string): Promise<void> {
  const status = await app.inject({ url: '/api/user/security/', headers: bearer(access) });
  if (status.statusCode !== 200) throw new Error(`security status failed: ${status.statusCode} ${status.body}`);
  if (!status.json().two_step.enabled) await enrolTwoStep(app, access);
}

/**
 * Signs in as a person may have two-step sign-in: the password, then (unless this device is
 * remembered) a code, remembering the device. Admins without it are enrolled on the way.
 */
export async function signInWithTwoStep(
  app: FastifyInstance,
  email: string,
  password: string,
): Promise<{ access: string; refresh: string; id: string }> {
  const devices = devicesOf(app);
  const login = await app.inject({
    method: 'POST',
    url: '/api/user/auth/login/',
    payload: { email, password, ...(devices.has(email) ? { device_token: devices.get(email) } : {}) },
  });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.statusCode} ${login.body}`);
  const answer = login.json();
  if (answer.access) {
    const id = jwtPayload(answer.access).sub as string;
    if (answer.two_step_setup_required) await enrolTwoStep(app, answer.access);
    return { access: answer.access, refresh: answer.refresh, id };
  }
  const [user] = await queryRows<{ id: string }>(app.db, sql`SELECT id FROM users WHERE lower(email) = ${email.toLowerCase()}`);
  const second = await app.inject({
    method: 'POST',
    url: '/api/user/auth/login/second-step/',
    payload: { challenge: answer.challenge, code: await nextCode(app, user.id), remember_device: true },
  });
  if (second.statusCode !== 200) throw new Error(`second step failed: ${second.statusCode} ${second.body}`);
  const tokens = second.json();
  devices.set(email, tokens.device_token);
  return { access: tokens.access, refresh: tokens.refresh, id: user.id };
}

/** Confirms "it is you" in this session: a code with two-step sign-in, else the password. */
export async function stepUp(app: FastifyInstance, access: string, password: string): Promise<void> {
  const status = (await app.inject({ url: '/api/user/security/', headers: bearer(access) })).json();
  const payload = status.two_step.enabled ? { code: await nextCode(app, jwtPayload(access).sub as string) } : { password };
  const res = await app.inject({ method: 'POST', url: '/api/user/security/step-up/', headers: bearer(access), payload });
  if (res.statusCode !== 200) throw new Error(`step-up failed: ${res.statusCode} ${res.body}`);
}
