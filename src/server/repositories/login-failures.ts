/** Failed-login counters in the database, so every server process sees the same counts. */
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';
import { loginFailures } from '../db/schema';

export interface LimitCheck {
  scope: string;
  max: number;
}

export class LoginFailuresRepo {
  constructor(private readonly db: Db, private readonly windowSeconds: number) {}

  /** Seconds to wait when any scope has reached its limit, else 0. */
  async retryAfter(checks: LimitCheck[]): Promise<number> {
    let wait = 0;
    for (const check of checks) {
      const [row] = await queryRows<{ count: number; oldest_age: number | null }>(this.db, sql`
        SELECT count(*)::int AS count,
               extract(epoch FROM now() - min(created_at))::float8 AS oldest_age
        FROM ${loginFailures}
        WHERE scope = ${check.scope} AND created_at > now() - make_interval(secs => ${this.windowSeconds})`);
      if (row.count >= check.max) {
        wait = Math.max(wait, Math.ceil(this.windowSeconds - Number(row.oldest_age ?? 0)), 1);
      }
    }
    return wait;
  }

  async record(scopes: string[]): Promise<void> {
    await this.db.insert(loginFailures).values(scopes.map((scope) => ({ scope })));
    // Lazy cleanup keeps the table small without a background job.
    if (Math.random() < 0.05) {
      await this.db.execute(sql`DELETE FROM ${loginFailures} WHERE created_at < now() - make_interval(secs => ${this.windowSeconds})`);
    }
  }

  async clear(scope: string): Promise<void> {
    await this.db.execute(sql`DELETE FROM ${loginFailures} WHERE scope = ${scope}`);
  }
}
