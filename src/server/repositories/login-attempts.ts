/**
 * Sign-in limits in the database, so every server process counts the same attempts.
 *
 * reserve() is the check and the count in one statement: a multi-row
 * INSERT … ON CONFLICT DO UPDATE … RETURNING increments each scope's counter (starting a
 * new window when the old one is over) and returns the new count. Row locks serialise
 * concurrent upserts of one scope on PostgreSQL, and PGlite runs one statement at a time,
 * so 30 simultaneous attempts get counts 1…30 and only those within the limit may go on to
 * check a password.
 *
 * No deadlocks by construction: every statement that writes more than one row either takes its
 * row locks through upsertInOrder() (one VALUES list, sorted here, which PostgreSQL locks row by
 * row in list order), or never waits for a lock (the cleanup skips locked rows). A plain
 * `UPDATE … WHERE scope IN (…)` locks in whatever order its scan meets the rows, the opposite of
 * a concurrent reserve() half the time: two processes then deadlock and a sign-in answers 500.
 */
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';
import { loginAttempts } from '../db/schema';

export interface LimitCheck {
  scope: string;
  max: number;
}

export interface Reservation {
  /** Seconds until the fullest exceeded window ends; 0 when the attempt may go ahead. */
  retryAfter: number;
  scopes: string[];
}

/** Scopes are built from client input (email, forwarded IP): keep them plain text for the key column. */
// eslint-disable-next-line no-control-regex -- removing control characters is the point
const clean = (scope: string) => scope.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, 400);

export class LoginAttemptsRepo {
  constructor(
    private readonly db: Db,
    private readonly windowSeconds: number,
  ) {}

  /** Counts one attempt against every scope at once; over any limit → retryAfter > 0 and nothing is held. */
  async reserve(checks: LimitCheck[]): Promise<Reservation> {
    const limits = new Map(checks.map((c) => [clean(c.scope), c.max]));
    const window = sql`make_interval(secs => ${this.windowSeconds})`;
    const rows = await this.upsertInOrder<{ scope: string; count: number; left: number }>(
      [...limits.keys()],
      (scope) => sql`(${scope}, now(), 1)`,
      sql`count = CASE WHEN login_attempts.window_start <= now() - ${window} THEN 1 ELSE login_attempts.count + 1 END,
        window_start = CASE WHEN login_attempts.window_start <= now() - ${window} THEN now() ELSE login_attempts.window_start END`,
      sql`scope, count, extract(epoch FROM window_start + ${window} - now())::float8 AS left`,
    );
    let retryAfter = 0;
    for (const row of rows) {
      const max = limits.get(row.scope);
      if (max !== undefined && row.count > max) retryAfter = Math.max(retryAfter, Math.ceil(Number(row.left)), 1);
    }
    const scopes = [...limits.keys()];
    if (retryAfter > 0) {
      // Refused attempts check no password: give the slots back so only real checks count.
      await this.release(scopes);
    } else if (Math.random() < 0.02) {
      // Lazy cleanup keeps the table small without a background job. It skips rows another
      // statement holds (those are in use, so not stale) and so never waits for a lock.
      await this.db.execute(sql`DELETE FROM ${loginAttempts} WHERE scope IN (
        SELECT scope FROM ${loginAttempts} WHERE window_start < now() - ${window} FOR UPDATE SKIP LOCKED)`);
    }
    return { retryAfter, scopes };
  }

  /**
   * Gives back one reserved attempt per scope (a refused attempt, or one that signed in). It is
   * the same sorted upsert as reserve(), so it locks the rows in the same order; a row the
   * cleanup already removed comes back empty and already expired, which counts like no row.
   */
  async release(scopes: string[]): Promise<void> {
    const window = sql`make_interval(secs => ${this.windowSeconds})`;
    await this.upsertInOrder(
      scopes.map(clean),
      (scope) => sql`(${scope}, now() - ${window}, 0)`,
      sql`count = greatest(login_attempts.count - 1, 0)`,
      sql`scope`,
    );
  }

  /** A successful sign-in forgets that scope's earlier failures. */
  async clear(scope: string): Promise<void> {
    await this.db.execute(sql`DELETE FROM ${loginAttempts} WHERE scope = ${clean(scope)}`);
  }

  /** The one way to write several scopes' rows: in sorted scope order, each scope once. */
  private async upsertInOrder<Row>(scopes: string[], newRow: (scope: string) => SQL, onConflictSet: SQL, returning: SQL): Promise<Row[]> {
    const ordered = [...new Set(scopes)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    if (ordered.length === 0) return [];
    return queryRows<Row>(
      this.db,
      sql`INSERT INTO ${loginAttempts} (scope, window_start, count) VALUES ${sql.join(ordered.map(newRow), sql`, `)}
      ON CONFLICT (scope) DO UPDATE SET ${onConflictSet}
      RETURNING ${returning}`,
    );
  }
}
