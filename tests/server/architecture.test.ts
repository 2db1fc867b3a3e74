/**
 * The server reaches its tables one way: through the repositories from app.repos (or the ones
 * repos.transaction() binds to a transaction). Code outside src/server/repositories neither builds
 * a repository, nor queries the database itself, nor hands app.db to a query function.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const server = join(root, 'src', 'server');

/** Where building repositories and querying tables is the job (the demo seed writes its rows like a migration). */
const DATA_LAYER = ['src/server/repositories/', 'src/server/db/', 'src/server/seed/'];
/** Still querying tables directly: none left. A file added here must say why. */
const NOT_MOVED_YET = new Set<string>([]);
/** LISTEN/NOTIFY is not a table. */
const NOT_TABLES = new Set(['src/server/plugins/external/pubsub.ts']);

/**
 * Hands the database itself to something: the demo seed is written like a migration, in its own transactions;
 * the repositories plugin builds app.repos on it.
 */
const MAY_HOLD_DATABASE = new Set(['src/server/plugins/app/bootstrap.ts', 'src/server/plugins/app/repositories.ts']);

/** Routes ask repositories in their words: a query builder or a table in a route is a query written outside them. */
const BUILDS_QUERY = /\bfrom\s+['"](?:drizzle-orm(?:\/[^'"]*)?|(?:\.\.\/)+db\/schema)['"]/;
const TYPE_ONLY_IMPORT = /^import\s+type\b[^;]*;/gm;

const BUILDS_REPOSITORY = /\bnew [A-Z]\w*Repo\(/;
const HOLDS_DATABASE = /\bapp\.db\b/;
const QUERIES_DATABASE = /\b(?:app\.db|db|tx|this\.db)\.(?:select|insert|update|delete|execute|transaction)\(|\bqueryRows\(/;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : /\.ts$/.test(name) ? [path] : [];
  });
}

const files = sources(server).map((path) => ({ path: relative(root, path), text: readFileSync(path, 'utf8') }));
const outside = files.filter((f) => !DATA_LAYER.some((prefix) => f.path.startsWith(prefix)));

describe('one path to the tables', () => {
  it('builds repositories only in the repositories folder', () => {
    expect(outside.filter((f) => BUILDS_REPOSITORY.test(f.text)).map((f) => f.path)).toEqual([]);
  });

  it('queries the database only in repositories (and the files not moved yet)', () => {
    const querying = outside
      .filter((f) => QUERIES_DATABASE.test(f.text) && !NOT_TABLES.has(f.path))
      .map((f) => f.path)
      .sort();
    expect(querying).toEqual([...NOT_MOVED_YET].sort());
  });

  it('passes the database to nothing outside the data layer: free query functions are repository methods', () => {
    const holding = outside.filter((f) => HOLDS_DATABASE.test(f.text) && !NOT_TABLES.has(f.path) && !MAY_HOLD_DATABASE.has(f.path));
    expect(holding.map((f) => f.path)).toEqual([]);
  });

  it('builds no query in routes: no drizzle-orm import and no table from the schema (types only)', () => {
    const routes = files.filter((f) => f.path.startsWith('src/server/routes/'));
    expect(routes.length).toBeGreaterThan(0);
    const building = routes.filter((f) => BUILDS_QUERY.test(f.text.replace(TYPE_ONLY_IMPORT, ''))).map((f) => f.path);
    expect(building).toEqual([]);
  });

  it('catches what it is meant to catch', () => {
    const queryIn = (text: string) => BUILDS_QUERY.test(text.replace(TYPE_ONLY_IMPORT, ''));
    expect(queryIn("import { eq } from 'drizzle-orm';")).toBe(true);
    expect(queryIn("import { sql } from 'drizzle-orm/sql';")).toBe(true);
    expect(queryIn("import { causes } from '../../../db/schema';")).toBe(true);
    expect(queryIn("import { type ImageSizes, causes } from '../db/schema';")).toBe(true);
    expect(queryIn("import type { ImageSizes } from '../../../../db/schema';")).toBe(false);
    expect(queryIn("import { allOf } from '../../../repositories/cause-filters';")).toBe(false);
    expect(HOLDS_DATABASE.test('const b = await causeBalance(app.db, cause.id);')).toBe(true);
    expect(HOLDS_DATABASE.test('const b = await app.repos.withdrawals.balance(cause.id);')).toBe(false);
    expect(BUILDS_REPOSITORY.test('const repo = new WithdrawalsRepo(app.db);')).toBe(true);
    expect(QUERIES_DATABASE.test('await tx.update(payments).set({})')).toBe(true);
    expect(QUERIES_DATABASE.test('await app.db.transaction(async (tx) => {})')).toBe(true);
    expect(QUERIES_DATABASE.test('await app.repos.transaction(async (repos) => {})')).toBe(false);
  });
});
