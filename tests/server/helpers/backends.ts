/**
 * The databases every server test runs against: PGlite always, and a real
 * PostgreSQL when one answers (DATABASE_URL, else the local trust-auth
 * server). Each test file gets its own fresh PostgreSQL database.
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import type { MigratedTemplates } from './global-setup';

export interface Database {
  /** Its DATABASE_URL (null = in-memory PGlite). */
  databaseUrl: string | null;
  /** PGlite only: the data folder it starts from (AppConfig.pgliteImage); none = an empty one. */
  pgliteImage?: Blob;
  drop(): Promise<void>;
}

export interface Backend {
  name: 'pglite' | 'postgres';
  /** A fresh, empty database: for tests of what happens to one on a first start (migrations racing). */
  createDatabase(): Promise<Database>;
  /**
   * A fresh database with every migration applied, copied from the run's template
   * (helpers/global-setup.ts): the app's own migrate() then finds nothing to do. Empty when this
   * run has no template (a project without that global setup).
   */
  createMigratedDatabase(): Promise<Database>;
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

/** The run's migrated templates, when its global setup made them. */
function templates(): MigratedTemplates | undefined {
  return inject('migratedTemplates');
}

function postgresBackend(adminUrl: string): Backend {
  const create = async (template: string | null): Promise<Database> => {
    const name = `boafo_t_${randomBytes(6).toString('hex')}`;
    await adminQuery(adminUrl, `CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return {
      databaseUrl: url.toString(),
      drop: () => adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
    };
  };
  return {
    name: 'postgres',
    createDatabase: () => create(null),
    createMigratedDatabase: () => create(templates()?.postgresTemplate ?? null),
  };
}

let pgliteImage: Promise<Blob> | undefined;

const pgliteBackend: Backend = {
  name: 'pglite',
  async createDatabase() {
    return { databaseUrl: null, drop: async () => {} };
  },
  async createMigratedDatabase() {
    const file = templates()?.pgliteImagePath;
    if (!file) return { databaseUrl: null, drop: async () => {} };
    // Read once per test process; each PGlite unpacks its own copy of it.
    pgliteImage ??= readFile(file).then((bytes) => new Blob([new Uint8Array(bytes)]));
    return { databaseUrl: null, pgliteImage: await pgliteImage, drop: async () => {} };
  },
};

/** The PostgreSQL maintenance connection (global-setup.ts makes and drops its template with it), or null. */
export function postgresAdmin(): { url: string; query(text: string): Promise<void> } | null {
  return adminUrl ? { url: adminUrl, query: (text) => adminQuery(adminUrl, text) } : null;
}

const adminUrl = await reachable(process.env.DATABASE_URL || DEFAULT_PG_URL);
if (!adminUrl) console.warn('PostgreSQL not reachable: server tests run on PGlite only.');

export const backends: Backend[] = adminUrl ? [pgliteBackend, postgresBackend(adminUrl)] : [pgliteBackend];
