/** Builds an app per test file on a given backend, plus small request helpers. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../../../src/server/app';
import { loadConfig, type AppConfig } from '../../../src/server/config';
import type { Backend } from './backends';

export const TEST_JWT_SECRET = 'test-secret-test-secret-test-secret-0123';

/**
 * Config for tests: no env leaks in, no web build, quiet logs, in-memory PGlite. No public cache:
 * tests write the database directly and read at once; tests/server/public-cache.test.ts turns it on.
 */
export function testConfig(databaseUrl: string | null, overrides: Partial<AppConfig> = {}, env: Record<string, string> = {}): AppConfig {
  const base = loadConfig({
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    WEB_DIST_DIR: '/nonexistent-boafo-dist',
    PUBLIC_CACHE_SECONDS: '0',
    ...env,
  });
  return { ...base, databaseUrl, pgliteDir: 'memory://', ...overrides };
}

export interface TestApp {
  app: FastifyInstance;
  databaseUrl: string | null;
}

/** Registers beforeAll/afterAll that build the app on a fresh, already migrated database and tear it down. */
export function useApp(backend: Backend, overrides: Partial<AppConfig> = {}): TestApp {
  const ctx = {} as TestApp;
  let drop: () => Promise<void> = async () => {};
  beforeAll(async () => {
    const database = await backend.createMigratedDatabase();
    drop = database.drop;
    ctx.databaseUrl = database.databaseUrl;
    ctx.app = await buildApp(testConfig(database.databaseUrl, { pgliteImage: database.pgliteImage, ...overrides }));
  });
  afterAll(async () => {
    await ctx.app?.close();
    await drop();
  });
  return ctx;
}

export interface TwoApps {
  a: FastifyInstance;
  b: FastifyInstance;
}

/**
 * Two app instances on one fresh PostgreSQL database (the scale-out model), started together so
 * migrations, secrets and seeds must not race; closed and the database dropped afterwards.
 */
export function useTwoApps(postgres: Backend, overrides: Partial<AppConfig> = {}): TwoApps {
  const ctx = {} as TwoApps;
  let drop: () => Promise<void> = async () => {};
  beforeAll(async () => {
    const database = await postgres.createDatabase();
    drop = database.drop;
    [ctx.a, ctx.b] = await Promise.all([
      buildApp(testConfig(database.databaseUrl, overrides)),
      buildApp(testConfig(database.databaseUrl, overrides)),
    ]);
  });
  afterAll(async () => {
    await Promise.all([ctx.a?.close(), ctx.b?.close()]);
    await drop();
  });
  return ctx;
}

export async function tempDir(): Promise<{ dir: string; remove(): Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'boafo-test-'));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

let counter = 0;
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}.${process.pid}.${counter}@example.com`;
}

export const GOOD_PASSWORD = 'kente-cloth-42';

export async function signup(app: FastifyInstance, email = uniqueEmail(), password = GOOD_PASSWORD): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/user/auth/signup/',
    payload: { first_name: 'Kofi', last_name: 'Boateng', email, password, password2: password },
  });
}

export async function login(app: FastifyInstance, email: string, password = GOOD_PASSWORD, remoteAddress = '127.0.0.1') {
  return app.inject({ method: 'POST', url: '/api/user/auth/login/', payload: { email, password }, remoteAddress });
}

/** Signs up and logs in a fresh user; returns its email and tokens. */
export async function newSession(app: FastifyInstance): Promise<{ email: string; access: string; refresh: string; id: string }> {
  const email = uniqueEmail();
  const created = await signup(app, email);
  if (created.statusCode !== 201) throw new Error(`signup failed: ${created.body}`);
  const res = await login(app, email);
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
  return { email, ...res.json(), id: created.json().id };
}

export function bearer(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}

/** Decodes a JWT payload without verifying (tests check claims). */
export function jwtPayload(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'));
}

/** The session (sign-in) an access token belongs to: its `sid` claim. */
export function sessionIdOf(access: string): string {
  return jwtPayload(access).sid as string;
}

export interface FilePart {
  filename: string;
  contentType: string;
  data: Buffer;
}

/** Encodes fields and files as multipart/form-data the way a browser would. */
export async function multipartBody(
  fields: Record<string, string | FilePart>,
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, new Blob([new Uint8Array(value.data)], { type: value.contentType }), value.filename);
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')! },
  };
}
