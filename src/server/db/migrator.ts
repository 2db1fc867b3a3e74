/**
 * Applies the SQL migrations drizzle-kit wrote (listed in meta/_journal.json),
 * in one transaction holding a PostgreSQL advisory lock: processes starting
 * together on one database wait for each other instead of racing.
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from './client';

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));
/** Any constant works; it only has to be the same in every process. */
const MIGRATION_LOCK_KEY = 4_207_311_901;

interface Journal {
  entries: { idx: number; tag: string }[];
}

async function journalEntries(): Promise<Journal['entries']> {
  const journal = JSON.parse(await readFile(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as Journal;
  return [...journal.entries].sort((a, b) => a.idx - b.idx);
}

/** The tags of every migration this build carries, in order (the readiness check wants them all applied). */
export async function journalTags(): Promise<string[]> {
  return (await journalEntries()).map((entry) => entry.tag);
}

export async function migrate(db: Db): Promise<string[]> {
  const entries = await journalEntries();
  const applied: string[] = [];
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`);
    await tx.execute(sql`CREATE TABLE IF NOT EXISTS boafo_migrations (
      tag text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`);
    const done = new Set((await queryRows<{ tag: string }>(tx, sql`SELECT tag FROM boafo_migrations`)).map((row) => row.tag));
    for (const entry of entries) {
      if (done.has(entry.tag)) continue;
      const text = await readFile(path.join(MIGRATIONS_DIR, `${entry.tag}.sql`), 'utf8');
      // PGlite's extended protocol runs one statement per call, so split on drizzle's markers.
      for (const statement of text.split('--> statement-breakpoint')) {
        if (statement.trim()) await tx.execute(sql.raw(statement));
      }
      await tx.execute(sql`INSERT INTO boafo_migrations (tag) VALUES (${entry.tag})`);
      applied.push(entry.tag);
    }
  });
  return applied;
}
