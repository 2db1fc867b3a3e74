/**
 * `npm run restore -- FILE`: puts a backup from `npm run backup` in place of the embedded database folder,
 * keeping what was there beside it. Refuses while a server holds the folder. See db/backup.ts.
 */
import path from 'node:path';
import { restoreBackup } from '../db/backup';
import { DataDirInUseError } from '../db/data-dir-lock';
import { runTool, ToolError, toolConfig } from './tool-output';

async function main(): Promise<void> {
  const args = process.argv.slice(2).filter((arg) => arg !== '--');
  if (args.length !== 1 || args[0].startsWith('-'))
    throw new ToolError('usage: npm run restore -- FILE (a file written by npm run backup)');
  // npm runs scripts in the project's folder; a relative FILE means the folder the command was typed in.
  const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), args[0]);
  const config = toolConfig();
  if (config.databaseUrl) {
    throw new ToolError(
      'DATABASE_URL is set: restore PostgreSQL with its own tool, e.g. pg_restore --clean --if-exists --dbname="$DATABASE_URL" boafo.dump (README, Backups).',
    );
  }
  const folder = config.pgliteDir;
  try {
    const { previous, migrations } = await restoreBackup(file, folder);
    console.log(
      `Restored ${file} into ${folder} (a database with ${migrations} migrations; the server applies newer ones when it starts).`,
    );
    if (previous) console.log(`What was there before is kept in ${previous}: delete it once the restored server runs as it should.`);
  } catch (error) {
    if (error instanceof DataDirInUseError) {
      throw new ToolError(
        `${folder} is in use by a running Boafo server${error.ownerPid ? ` (pid ${error.ownerPid})` : ''}: stop it, then restore. Nothing was changed.`,
      );
    }
    throw error;
  }
}

runTool('restore', main);
