/** Shared key/value settings (e.g. the generated JWT secret). */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { appSettings } from '../db/schema';

export class SettingsRepo {
  constructor(private readonly db: Db) {}

  /** First writer wins; every process then reads the same value. */
  async getOrCreate(key: string, make: () => string): Promise<string> {
    await this.db.insert(appSettings).values({ key, value: make() }).onConflictDoNothing();
    const [row] = await this.db.select().from(appSettings).where(eq(appSettings.key, key)).limit(1);
    return row.value;
  }

  async get(key: string): Promise<string | null> {
    const [row] = await this.db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, key)).limit(1);
    return row?.value ?? null;
  }

  /** Last writer wins (caches such as the payout directory). */
  async put(key: string, value: string): Promise<void> {
    await this.db
      .insert(appSettings)
      .values({ key, value })
      .onConflictDoUpdate({ target: appSettings.key, set: { value: sql`excluded.value` } });
  }
}
