/**
 * Liveness and readiness as a load balancer asks them: live while the process answers; ready only
 * while the database answers, every migration of this build is applied and the process is not
 * draining. Draining (SIGTERM, server.ts) turns ready 503 and closes each answer's connection, while
 * everything else is still served. The drain of a started process is tests/browser/drain.test.ts.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { backends } from './helpers/backends';
import { useApp } from './helpers/app';
import { one } from './helpers/giving';

describe.each(backends)('health on $name', (backend) => {
  const ctx = useApp(backend);

  it('answers live and ready (and the old /api/health/) while all is well', async () => {
    for (const [url, body] of [
      ['/api/health/', { status: 'ok' }],
      ['/api/health/live', { status: 'ok' }],
      ['/api/health/live/', { status: 'ok' }],
      ['/api/health/ready', { status: 'ready' }],
      ['/api/health/ready/', { status: 'ready' }],
    ] as const) {
      const res = await ctx.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.json()).toEqual(body);
      expect(res.headers.connection).not.toBe('close');
    }
  });

  it('is not ready while a migration of this build is missing from the database', async () => {
    const last = await one<{ tag: string; applied_at: string }>(
      ctx.app,
      sql`SELECT tag, applied_at::text FROM boafo_migrations ORDER BY tag DESC LIMIT 1`,
    );
    await ctx.app.db.execute(sql`DELETE FROM boafo_migrations WHERE tag = ${last.tag}`);
    try {
      const res = await ctx.app.inject({ url: '/api/health/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ detail: 'The database schema is older than this server.', code: 'unavailable' });
      expect((await ctx.app.inject({ url: '/api/health/live' })).statusCode).toBe(200);
    } finally {
      await ctx.app.db.execute(sql`INSERT INTO boafo_migrations (tag, applied_at) VALUES (${last.tag}, ${last.applied_at}::timestamptz)`);
    }
    expect((await ctx.app.inject({ url: '/api/health/ready' })).statusCode).toBe(200);
  });

  it.runIf(backend.name === 'postgres')('is not ready while the database refuses connections', async () => {
    const url = new URL(ctx.databaseUrl!);
    const name = url.pathname.slice(1);
    const admin = new pg.Client({ connectionString: Object.assign(new URL(url), { pathname: '/postgres' }).toString() });
    await admin.connect();
    try {
      await admin.query(`ALTER DATABASE ${name} WITH ALLOW_CONNECTIONS false`);
      await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [name]);
      const res = await ctx.app.inject({ url: '/api/health/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ detail: 'The database does not answer.', code: 'unavailable' });
      expect((await ctx.app.inject({ url: '/api/health/live' })).statusCode).toBe(200);
    } finally {
      await admin.query(`ALTER DATABASE ${name} WITH ALLOW_CONNECTIONS true`);
      await admin.end();
    }
    expect((await ctx.app.inject({ url: '/api/health/ready' })).statusCode).toBe(200);
  });

  // Last: a drain is for good.
  it('once draining, ready is 503 while everything else is still served, each answer closing its connection', async () => {
    ctx.app.lifecycle.drain();
    const ready = await ctx.app.inject({ url: '/api/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ detail: 'This process is shutting down.', code: 'unavailable' });
    expect(ready.headers['cache-control']).toBe('no-store');
    for (const url of ['/api/health/live', '/api/categories/', '/api/causes/list/']) {
      const res = await ctx.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers.connection, url).toBe('close');
    }
  });
});
