// The benchmarks' PostgreSQL: the server DATABASE_URL names (else the local trust-auth one), and a
// way to run one administrative statement on it that answers false when it is not reachable.
import pg from 'pg';

export const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** ADMIN_URL with another database name. */
export const databaseUrl = (name: string): string => ADMIN_URL.replace(/\/[^/]*$/, `/${name}`);

export async function onPostgres(sql: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 1500 });
  try {
    await client.connect();
    await client.query(sql);
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}
