/**
 * The web tests' real API: our Fastify app (buildApp) on an in-memory PGlite, listening on
 * 127.0.0.1 in the test runner's main process. The jsdom tests call it over HTTP, so the cart's
 * client is checked against the server's actual contract, not a copy of it.
 */
import type { TestProject } from 'vitest/node';
import { buildApp } from '../../../src/server/app';
import { loadConfig } from '../../../src/server/config';
import { timeStep, totpForStep } from '../../../src/server/lib/totp';

export interface ApiServerInfo {
  url: string;
  /** Active causes anyone may add to a cart, and one that no longer takes donations. */
  causes: { id: string; title: string }[];
  closedCause: { id: string; title: string };
  /**
   * The admin account, for reading what the server mailed (Outgoing mail keeps it: no SMTP_URL here).
   * Admins need two-step sign-in: this one has it, and device_token is a remembered device, so
   * signing in with this object as the body needs no code.
   */
  admin: { email: string; password: string; device_token: string };
}

declare module 'vitest' {
  export interface ProvidedContext {
    apiServer: ApiServerInfo;
  }
}

const ADMIN = { email: 'admin@web-tests.boafo.test', password: 'web-tests-admin-2025' };
const ORGANIZER = { email: 'organizer@web-tests.boafo.test', password: 'web-tests-organizer-2025' };
const TITLES = ['Surgery for Kwame', 'Books for Wa', 'Borehole in Bolga', 'Clinic in Ho', 'Lamps for Nkwanta', 'Roof for Tamale school'];

export default async function setup(project: TestProject) {
  const config = {
    ...loadConfig({
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      WEB_DIST_DIR: '/nonexistent-boafo-dist',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    }),
    pgliteDir: 'memory://',
    databaseUrl: null,
  };
  const app = await buildApp(config);
  const url = await app.listen({ host: '127.0.0.1', port: 0 });

  const call = async (path: string, body?: unknown, token?: string) => {
    const response = await fetch(`${url}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${path} → ${response.status}: ${await response.text()}`);
    return response.json();
  };
  const admin = (await call('/api/user/auth/login/', ADMIN)).access as string;
  // Admins can do nothing but set up two-step sign-in until it is on; then remember a device for the tests.
  const { secret } = await call('/api/user/security/two-step/setup/', {}, admin);
  await call('/api/user/security/two-step/enable/', { code: totpForStep(secret, timeStep(Date.now())) }, admin);
  const { challenge } = await call('/api/user/auth/login/', ADMIN);
  const { device_token: deviceToken } = await call('/api/user/auth/login/second-step/', {
    challenge,
    code: totpForStep(secret, timeStep(Date.now()) + 1),
    remember_device: true,
  });
  await call('/api/user/auth/signup/', {
    first_name: 'Efua',
    last_name: 'Mensah',
    email: ORGANIZER.email,
    password: ORGANIZER.password,
    password2: ORGANIZER.password,
  });
  const organizer = (await call('/api/user/auth/login/', ORGANIZER)).access as string;
  const causes: { id: string; title: string }[] = [];
  for (const title of [...TITLES, 'Closed: water for Yendi']) {
    const cause = await call(
      '/api/causes/create/',
      { name: title, description: `${title}, in Ghana.`, target_amount: '900000.00' },
      organizer,
    );
    await call(`/api/admin/causes/${cause.id}/approve/`, {}, admin);
    causes.push({ id: cause.id, title });
  }
  const closedCause = causes.pop()!;
  await call(`/api/causes/${closedCause.id}/close/`, {}, organizer);

  project.provide('apiServer', { url, causes, closedCause, admin: { ...ADMIN, device_token: deviceToken } });
  return async () => {
    await app.close();
  };
}
