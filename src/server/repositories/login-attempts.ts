/**
 * Sign-in limits in the database, so every server process counts the same attempts.
 *
 * reserve() is the check and the count in one statement: a multi-row
 * INSERT … ON CONFLICT DO UPDATE … RETURNING increments each scope's counter (starting a
 * new window when the old one is over) and returns the new count. Row locks serialise
 * concurrent upserts of one scope on PostgreSQL, and PGlite runs one statement at a time,
 * so 30 simultaneous attempts get counts 1…30 and only those within the limit may go on to
 * check a password. Scopes are always upserted in the same (sorted) order: no deadlocks.
 */
import { sql } from 'drizzle-orm';
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
    const sorted = [...checks].map((c) => ({ ...c, scope: clean(c.scope) })).sort((a, b) => (a.scope < b.scope ? -1 : 1));
    const scopes = sorted.map((c) => c.scope);
    const window = sql`make_interval(secs => ${this.windowSeconds})`;
    const values = sql.join(
      scopes.map((scope) => sql`(${scope}, now(), 1)`),
      sql`, `,
    );
    const rows = await queryRows<{ scope: string; count: number; left: number }>(
      this.db,
      sql`
      INSERT INTO ${loginAttempts} (scope, window_start, count) VALUES ${values}
      ON CONFLICT (scope) DO UPDATE SET
        count = CASE WHEN login_attempts.window_start <= now() - ${window} THEN 1 ELSE login_attempts.count + 1 END,
        window_start = CASE WHEN login_attempts.window_start <= now() - ${window} THEN now() ELSE login_attempts.window_start END
      RETURNING scope, count, extract(epoch FROM window_start + ${window} - now())::float8 AS left`,
    );
    let retryAfter = 0;
    for (const row of rows) {
      const check = sorted.find((c) => c.scope === row.scope);
      if (check && row.count > check.max) retryAfter = Math.max(retryAfter, Math.ceil(Number(row.left)), 1);
    }
    if (retryAfter > 0) {
      // Refused attempts check no password: give the slots back so only real checks count.
      await this.release(scopes);
    } else if (Math.random() < 0.02) {
      // Lazy cleanup keeps the table small without a background job.
      await this.db.execute(sql`DELETE FROM ${loginAttempts} WHERE window_start < now() - ${window}`);
    }
    return { retryAfter, scopes };
  }

  /** Gives back one reserved attempt per scope (a refused attempt, or one that signed in). */
  async release(scopes: string[]): Promise<void> {
    if (scopes.length === 0) return;
    await this.db.execute(sql`UPDATE ${loginAttempts} SET count = greatest(count - 1, 0)
      WHERE scope IN (${sql.join(
        scopes.map((s) => sql`${clean(s)}`),
        sql`, `,
      )})`);
  }

  /** A successful sign-in forgets that scope's earlier failures. */
  async clear(scope: string): Promise<void> {
    await this.db.execute(sql`DELETE FROM ${loginAttempts} WHERE scope = ${clean(scope)}`);
  }
}
