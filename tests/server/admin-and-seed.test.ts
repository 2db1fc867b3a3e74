import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { queryRows } from '../../src/server/db/client';
import { DEMO_ORGANIZER_EMAIL, SEED_STEPS } from '../../src/server/seed/seed';
import { backends, type Backend } from './helpers/backends';
import { jwtPayload, login, tempDir, testConfig } from './helpers/app';

const ADMIN = 'Admin@Boafo.test';

/** A database that survives app restarts: a PostgreSQL database or a PGlite folder. */
function persistentDatabase(backend: Backend) {
  const state = { databaseUrl: null as string | null, pgliteDir: 'memory://', cleanup: async () => {} };
  beforeAll(async () => {
    const db = await backend.createDatabase();
    state.databaseUrl = db.databaseUrl;
    if (backend.name === 'pglite') {
      const tmp = await tempDir();
      state.pgliteDir = tmp.dir;
      state.cleanup = tmp.remove;
    } else state.cleanup = db.drop;
  });
  afterAll(async () => state.cleanup());
  return (env: Record<string, string>) => buildApp(testConfig(state.databaseUrl, { pgliteDir: state.pgliteDir }, env));
}

// A persistent PGlite folder is migrated and seeded from scratch, twice per test: on a loaded
// two-core machine that alone has taken over a minute, so these tests get longer than the default.
describe.each(backends)('admin account and seed on $name', { timeout: 240_000 }, (backend) => {
  const start = persistentDatabase(backend);

  it('creates the admin, then resets its password and role on the next start', async () => {
    const first = await start({ ADMIN_EMAIL: ADMIN, ADMIN_PASSWORD: 'first-admin-pass' });
    try {
      const res = await login(first, 'admin@boafo.test', 'first-admin-pass');
      expect(res.statusCode).toBe(200);
      expect(jwtPayload(res.json().access).role).toBe('admin');
      // Demote by hand: the next start must restore the role.
      await first.db.execute(sql`UPDATE users SET role = 'user' WHERE email = 'admin@boafo.test'`);
    } finally {
      await first.close();
    }
    const second = await start({ ADMIN_EMAIL: ADMIN, ADMIN_PASSWORD: 'second-admin-pass' });
    try {
      expect((await login(second, 'admin@boafo.test', 'first-admin-pass')).statusCode).toBe(401);
      const res = await login(second, 'admin@boafo.test', 'second-admin-pass');
      expect(res.statusCode).toBe(200);
      expect(jwtPayload(res.json().access).role).toBe('admin');
      const rows = await queryRows<{ n: number }>(
        second.db,
        sql`SELECT count(*)::int AS n FROM users WHERE lower(email) = 'admin@boafo.test'`,
      );
      expect(rows[0].n).toBe(1);
    } finally {
      await second.close();
    }
  });

  it('seeds the demo organizer once per database', async () => {
    for (let run = 0; run < 2; run += 1) {
      const app = await start({ SEED_DEMO: 'true' });
      try {
        const users = await queryRows<{ n: number }>(
          app.db,
          sql`SELECT count(*)::int AS n FROM users WHERE email = ${DEMO_ORGANIZER_EMAIL}`,
        );
        expect(users[0].n).toBe(1);
        const runs = await queryRows<{ name: string }>(app.db, sql`SELECT name FROM seed_runs`);
        expect(runs.map((r) => r.name).sort()).toEqual(SEED_STEPS.map((s) => s.name).sort());
        // Its password is unusable.
        expect((await login(app, DEMO_ORGANIZER_EMAIL, 'password123')).statusCode).toBe(401);
        // Deleting it must not bring it back: the seed is tracked, not re-checked.
        await app.db.execute(sql`DELETE FROM users WHERE email = ${DEMO_ORGANIZER_EMAIL} AND ${run} = 1`);
      } finally {
        await app.close();
      }
    }
    const last = await start({ SEED_DEMO: 'true' });
    try {
      const users = await queryRows<{ n: number }>(
        last.db,
        sql`SELECT count(*)::int AS n FROM users WHERE email = ${DEMO_ORGANIZER_EMAIL}`,
      );
      expect(users[0].n).toBe(0);
    } finally {
      await last.close();
    }
  });
});
