/**
 * The databases every server test runs against: PGlite always, and a real
 * PostgreSQL when one answers (DATABASE_URL, else the local trust-auth
 * server). Each test file gets its own fresh PostgreSQL database.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface Backend {
  name: 'pglite' | 'postgres';
  /** A fresh, empty database: its DATABASE_URL (null = in-memory PGlite) and a cleanup. */
  createDatabase(): Promise<{ databaseUrl: string | null; drop(): Promise<void> }>;
}

const DEFAULT_PG_URL = 'postgres://postgres@127.0.0.1:5432/test';

async function reachable(url: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1500 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return url;
  } catch (error) {
    // The server answers but that database is missing: use the maintenance database instead.
    if ((error as { code?: string }).code === '3D000') {
      const fallback = new URL(url);
      fallback.pathname = '/postgres';
      return url === fallback.toString() ? null : reachable(fallback.toString());
    }
    return null;
  } finally {
    await client.end().catch(() => {});
  }
}

async function adminQuery(adminUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

function postgresBackend(adminUrl: string): Backend {
  return {
    name: 'postgres',
    async createDatabase() {
      const name = `boafo_t_${randomBytes(6).toString('hex')}`;
      await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      return {
        databaseUrl: url.toString(),
        drop: () => adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
      };
    },
  };
}

const pgliteBackend: Backend = {
  name: 'pglite',
  async createDatabase() {
    return { databaseUrl: null, drop: async () => {} };
  },
};

async function detect(): Promise<Backend[]> {
  const adminUrl = await reachable(process.env.DATABASE_URL || DEFAULT_PG_URL);
  if (!adminUrl) console.warn('PostgreSQL not reachable: server tests run on PGlite only.');
  return adminUrl ? [pgliteBackend, postgresBackend(adminUrl)] : [pgliteBackend];
}

export const backends: Backend[] = await detect();
