/**
 * Once per server test run: a migrated database for each backend, which each test app starts from
 * instead of building its own. A fresh in-memory PGlite spent most of its start in initdb (7-12 s
 * on the loaded two-core CI machine, against 1-2 s from an image), and every app then ran all the
 * migrations. Both templates are made by the server's own openDatabase and migrate(), so the
 * migrations are still applied from nothing on both databases in every run (and the tests that
 * race several processes through them keep empty databases: Backend.createDatabase).
 *
 * - PGlite: an image of the migrated data folder (dumpDataDir) in a temporary file.
 * - PostgreSQL: a migrated database that each test file's database is copied from (CREATE DATABASE
 *   … TEMPLATE), dropped at the end of the run.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase, pgliteOf } from '../../../src/server/db/client';
import { migrate } from '../../../src/server/db/migrator';
import { backends, postgresAdmin } from './backends';

export interface MigratedTemplates {
  /** A PGlite data folder image with every migration applied (an uncompressed tar). */
  pgliteImagePath: string;
  /** The migrated PostgreSQL database to copy, or null without PostgreSQL. */
  postgresTemplate: string | null;
}

declare module 'vitest' {
  export interface ProvidedContext {
    migratedTemplates: MigratedTemplates;
  }
}

async function pgliteImage(file: string): Promise<void> {
  const handle = await openDatabase({ databaseUrl: null, pgliteDir: 'memory://' });
  try {
    await migrate(handle.db);
    const image = await pgliteOf(handle.db)!.dumpDataDir('none');
    await writeFile(file, new Uint8Array(await image.arrayBuffer()));
  } finally {
    await handle.close();
  }
}

async function postgresTemplate(name: string): Promise<void> {
  const admin = postgresAdmin()!;
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(admin.url);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), pgliteDir: 'memory://' });
  try {
    await migrate(handle.db);
  } finally {
    await handle.close();
  }
  // Nobody may connect to a template while it is copied; this also keeps it out of anyone's way.
  await admin.query(`ALTER DATABASE ${name} WITH ALLOW_CONNECTIONS false`);
}

export default async function setup(project: TestProject) {
  const folder = await mkdtemp(path.join(tmpdir(), 'boafo-templates-'));
  const pgliteImagePath = path.join(folder, 'pglite-migrated.tar');
  const template = backends.some((backend) => backend.name === 'postgres') ? `boafo_tpl_${randomBytes(6).toString('hex')}` : null;
  const dropTemplate = async () => {
    if (template) await postgresAdmin()!.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
  };
  try {
    await Promise.all([pgliteImage(pgliteImagePath), template ? postgresTemplate(template) : null]);
  } catch (error) {
    await dropTemplate().catch(() => {});
    await rm(folder, { recursive: true, force: true });
    throw error;
  }
  project.provide('migratedTemplates', { pgliteImagePath, postgresTemplate: template });
  return async () => {
    await dropTemplate();
    await rm(folder, { recursive: true, force: true });
  };
}
