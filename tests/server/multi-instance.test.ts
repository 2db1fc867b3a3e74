import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { backends } from './helpers/backends';
import { bearer, newSession, useTwoApps } from './helpers/app';

const postgres = backends.find((b) => b.name === 'postgres');

// Several processes on one PostgreSQL is the scale-out model; PGlite is single-process by design.
describe.runIf(postgres)('two app instances on one PostgreSQL database', () => {
  const apps = useTwoApps(postgres!, { seedDemo: true });

  it('applied each migration and seed step once and share one JWT secret', async () => {
    const { a } = apps;
    const migrations = await queryRows<{ n: number; d: number }>(
      a.db,
      sql`SELECT count(*)::int AS n, count(DISTINCT tag)::int AS d FROM boafo_migrations`,
    );
    expect(migrations[0].n).toBeGreaterThan(0);
    expect(migrations[0].n).toBe(migrations[0].d);
    const secrets = await queryRows<{ n: number }>(a.db, sql`SELECT count(*)::int AS n FROM app_settings WHERE key = 'jwt_secret'`);
    expect(secrets[0].n).toBe(1);
    // The demo organizers and donors, and the demo causes, exist once each.
    const people = await queryRows<{ n: number }>(a.db, sql`SELECT count(*)::int AS n FROM users`);
    expect(people[0].n).toBe(6);
    const causes = await queryRows<{ n: number }>(a.db, sql`SELECT count(*)::int AS n FROM causes`);
    expect(causes[0].n).toBe(14);
  });

  it('accepts on one instance the tokens issued by the other', async () => {
    const { a, b } = apps;
    const session = await newSession(a);
    const profile = await b.inject({ method: 'GET', url: '/api/user/profile/', headers: bearer(session.access) });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().email).toBe(session.email);
    const rotated = await b.inject({ method: 'POST', url: '/api/user/token/refresh/', payload: { refresh: session.refresh } });
    expect(rotated.statusCode).toBe(200);
    // The successor is used on the other instance, then the first token comes back: a replay, detected anywhere.
    const next = await a.inject({ method: 'POST', url: '/api/user/token/refresh/', payload: { refresh: rotated.json().refresh } });
    expect(next.statusCode).toBe(200);
    const reused = await b.inject({ method: 'POST', url: '/api/user/token/refresh/', payload: { refresh: session.refresh } });
    expect(reused.statusCode).toBe(401);
    const afterReuse = await a.inject({ method: 'POST', url: '/api/user/token/refresh/', payload: { refresh: next.json().refresh } });
    expect(afterReuse.statusCode).toBe(401);
  });

  it('shares idempotency keys and media between instances', async () => {
    const { a, b } = apps;
    const session = await newSession(a);
    const call = (app: FastifyInstance) =>
      app.inject({
        method: 'PUT',
        url: '/api/user/profile/',
        headers: { ...bearer(session.access), 'idempotency-key': 'cross-1' },
        payload: { bio: 'once' },
      });
    expect((await call(a)).statusCode).toBe(200);
    const replay = await call(b);
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
  });
});
