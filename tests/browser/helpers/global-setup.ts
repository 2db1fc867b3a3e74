/**
 * Once per browser test run: a PGlite data folder as a server leaves it after its first start on
 * an empty DATA_DIR (every migration applied, the demo content seeded), which openBrowserApp copies
 * into each started server's own DATA_DIR. A first start spent 4-9 s on initdb, migrations and
 * drawing the demo pictures on the loaded CI machine; from a copy the server is up in about 1 s.
 * Made with the server's own migrate() and runSeeds(). The started server still runs both, finding
 * nothing left to do; secrets and keys are not in the copy (the server makes its own at start).
 * A first start of the built server on an empty folder stays covered by built-server-drivers,
 * drain and npm-start, which start on empty ones.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../../src/server/db/client';
import { migrate } from '../../../src/server/db/migrator';
import { runSeeds } from '../../../src/server/seed/seed';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The seeded PGlite folder to copy in as DATA_DIR/pglite. */
    seededPgliteDir: string;
  }
}

export default async function setup(project: TestProject) {
  const folder = await mkdtemp(path.join(tmpdir(), 'boafo-browser-template-'));
  const pgliteDir = path.join(folder, 'pglite');
  try {
    const handle = await openDatabase({ databaseUrl: null, pgliteDir });
    try {
      await migrate(handle.db);
      await runSeeds(handle.db);
    } finally {
      await handle.close();
    }
  } catch (error) {
    await rm(folder, { recursive: true, force: true });
    throw error;
  }
  project.provide('seededPgliteDir', pgliteDir);
  return () => rm(folder, { recursive: true, force: true });
}
