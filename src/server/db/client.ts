/**
 * Opens the database: a real PostgreSQL when DATABASE_URL is set (needed for
 * several server processes), otherwise an embedded PGlite in DATA_DIR/pglite.
 * Both speak the same SQL, so the rest of the server sees one Db type.
 */
import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import type { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { lockDataDir } from './data-dir-lock';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** Connections to the database right now (GET /metrics). */
export interface DbUsage {
  /** Connections the pool may open (PGlite: its one session). */
  max: number;
  /** Connections running a query or a transaction. */
  inUse: number;
  /** Queries waiting for a connection. */
  waiting: number;
}

export interface DbHandle {
  db: Db;
  kind: 'postgres' | 'pglite';
  close(): Promise<void>;
  usage(): DbUsage;
}

const POOL_MAX = 10;

export interface DbOptions {
  databaseUrl: string | null;
  pgliteDir: string;
  /** An in-memory PGlite's starting data folder (tests only, AppConfig.pgliteImage). */
  pgliteImage?: Blob;
}

export async function openDatabase(options: DbOptions): Promise<DbHandle> {
  // Each backend's driver loads only when it is the one used: a process on PostgreSQL never loads
  // PGlite, and one on PGlite never loads pg (about 13 MB).
  if (options.databaseUrl) {
    const [{ default: pg }, { drizzle: drizzlePg }] = await Promise.all([import('pg'), import('drizzle-orm/node-postgres')]);
    // A name per app instance: NOTIFY payloads carry it (current_setting('application_name')),
    // so the process that created a notification recognises its own (see plugins/app/realtime.ts).
    const applicationName = `boafo-${randomBytes(5).toString('hex')}`;
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: POOL_MAX,
      connectionTimeoutMillis: 10_000,
      application_name: applicationName,
    });
    // An idle client losing its connection must not crash the process.
    pool.on('error', () => {});
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      close: () => pool.end(),
      usage: () => ({ max: POOL_MAX, inUse: pool.totalCount - pool.idleCount, waiting: pool.waitingCount }),
    };
  }
  if (options.pgliteDir.startsWith('memory://')) return openPglite(options.pgliteDir, async () => {}, options.pgliteImage);
  await mkdir(options.pgliteDir, { recursive: true });
  // One process per PGlite folder (db/data-dir-lock.ts): a second one stops here, before opening any file.
  const lock = await lockDataDir(options.pgliteDir);
  try {
    return await openPglite(options.pgliteDir, () => lock.release());
  } catch (error) {
    await lock.release();
    throw error;
  }
}

async function openPglite(dataDir: string, release: () => Promise<void>, image?: Blob): Promise<DbHandle> {
  // `image`: a migrated database to start from instead of initdb (tests: AppConfig.pgliteImage).
  const [client, { drizzle: drizzlePglite }] = await Promise.all([newPglite(dataDir, image), import('drizzle-orm/pglite')]);
  const inFlight = countCallsInFlight(client);
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    // One session runs one statement or transaction at a time; the calls behind it wait their turn.
    usage: () => ({ max: 1, inUse: Math.min(1, inFlight()), waiting: Math.max(0, inFlight() - 1) }),
    close: async () => {
      try {
        await client.close();
      } finally {
        await release();
      }
    },
  };
}

/**
 * Counts the queries and transactions the app has handed PGlite and that have not finished: PGlite
 * queues them on one session, so the count beyond one is what waits. Statements inside a transaction
 * go to its own handle and are part of the transaction's one call.
 */
function countCallsInFlight(client: PGlite): () => number {
  let running = 0;
  const target = client as unknown as Record<'query' | 'exec' | 'transaction', (...args: unknown[]) => Promise<unknown>>;
  for (const method of ['query', 'exec', 'transaction'] as const) {
    const original = target[method].bind(client);
    target[method] = async (...args: unknown[]) => {
      running += 1;
      try {
        return await original(...args);
      } finally {
        running -= 1;
      }
    };
  }
  return () => running;
}

/** Opens (or, with `loadDataDir`, restores a tarball into) a PGlite folder the way the server runs it. */
export async function newPglite(dataDir: string, loadDataDir?: Blob): Promise<PGlite> {
  // pg_trgm: the cause search's trigram indexes (migration 0008); PostgreSQL ships it in contrib.
  // shared_buffers: PGlite's default 128 MB is touched at start and stays resident; one embedded
  // process with the OS caching its files does as well with 16 MB, at 140 MB less memory and
  // 0.7 s faster start-up (measured on the demo data folder).
  const [{ PGlite }, { pg_trgm }] = await Promise.all([import('@electric-sql/pglite'), import('@electric-sql/pglite/contrib/pg_trgm')]);
  const client = new PGlite(dataDir, { extensions: { pg_trgm }, postgresqlconf: ['shared_buffers = 16MB'], loadDataDir });
  await client.waitReady;
  return client;
}

/** The embedded PGlite behind a Db (for LISTEN), or null on PostgreSQL. */
export function pgliteOf(db: Db): PGlite | null {
  const client = (db as unknown as { $client?: unknown }).$client;
  // Duck-typed rather than instanceof: PGlite's module is not loaded on PostgreSQL (see openDatabase).
  return typeof client === 'object' && client !== null && 'waitReady' in client && 'listen' in client ? (client as PGlite) : null;
}

/** Runs raw SQL and returns its rows; both drivers answer with `{ rows }`. */
export async function queryRows<T>(db: Pick<Db, 'execute'>, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
