/**
 * `npm run backup -- FILE`: writes a consistent snapshot of the embedded database to FILE, asked of the
 * running server (or, when none runs, taken from its folder directly). See db/backup.ts for why and how.
 * On PostgreSQL (DATABASE_URL) it points at pg_dump instead.
 */
import { open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { askForBackup, snapshotFolder } from '../db/backup';
import { DataDirInUseError } from '../db/data-dir-lock';
import { runTool, ToolError, toolConfig } from './tool-output';

/** Writes the whole file, flushed, before it takes FILE's name: a crash never leaves half a backup there. */
async function writeDurably(file: string, bytes: Buffer): Promise<void> {
  const partial = `${file}.partial`;
  const handle = await open(partial, 'w', 0o600);
  try {
    await handle.writeFile(bytes);
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await rename(partial, file);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}

async function main(): Promise<void> {
  const args = process.argv.slice(2).filter((arg) => arg !== '--');
  if (args.length !== 1 || args[0].startsWith('-'))
    throw new ToolError('usage: npm run backup -- FILE (for example backups/boafo-2025-01-31.tar.gz)');
  // npm runs scripts in the project's folder; a relative FILE means the folder the command was typed in.
  const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), args[0]);
  const config = toolConfig();
  if (config.databaseUrl) {
    throw new ToolError(
      'DATABASE_URL is set: back up PostgreSQL with its own tool, e.g. pg_dump --format=custom --file=boafo.dump "$DATABASE_URL" (README, Backups).',
    );
  }
  const folder = config.pgliteDir;
  let bytes = await askForBackup(folder);
  let source = 'from the running server';
  if (!bytes) {
    source = 'no server was running';
    try {
      bytes = await snapshotFolder(folder);
    } catch (error) {
      if (error instanceof DataDirInUseError) {
        throw new ToolError(
          `the server holding ${folder} (pid ${error.ownerPid ?? '?'}) does not answer backup requests: it predates them. Restart it, then try again.`,
        );
      }
      throw error;
    }
  }
  await writeDurably(file, bytes);
  console.log(`Backup of ${folder} written to ${file} (${(bytes.length / 1_048_576).toFixed(1)} MB, ${source}).`);
  if (config.media.store === 's3') {
    console.log('Pictures in the object store (MEDIA_STORE=s3) are not in it: keep the bucket versioned or replicated.');
  }
}

runTool('backup', main);
