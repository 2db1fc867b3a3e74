/**
 * `npm run media:migrate`: moves the pictures the database still holds to the object store that
 * MEDIA_STORE=s3 and the S3_ settings name (media/move-to-store.ts), then gives their space back.
 * Resumable: every picture is switched as soon as its copy is confirmed, so a rerun continues.
 * With the embedded database the server must be stopped (it owns the folder); with PostgreSQL the
 * servers keep running, already on MEDIA_STORE=s3, and serve each picture from wherever it is.
 */
import { DataDirInUseError } from '../db/data-dir-lock';
import { openDatabase } from '../db/client';
import { migrate } from '../db/migrator';
import { moveMediaToStore } from '../media/move-to-store';
import { S3MediaStore } from '../media/s3-store';
import { makeRepos } from '../repositories/repos';
import { runTool, ToolError, toolConfig } from './tool-output';

async function main(): Promise<void> {
  const config = toolConfig();
  if (config.media.store !== 's3' || !config.media.s3) {
    throw new ToolError(
      'set MEDIA_STORE=s3 and its S3_ settings (the ones the server will run with) first: they say where the pictures go.',
    );
  }
  let handle;
  try {
    handle = await openDatabase(config);
  } catch (error) {
    if (error instanceof DataDirInUseError) {
      throw new ToolError(
        `${config.pgliteDir} is in use by a running Boafo server: stop it, run media:migrate, then start it with MEDIA_STORE=s3.`,
      );
    }
    throw error;
  }
  const repo = makeRepos(handle.db, {
    loginWindowSeconds: config.loginLimits.windowSeconds,
    mailKeptOnly: !config.mail.smtpUrl,
    cardHoldHours: config.cardHoldHours,
  }).media;
  const store = new S3MediaStore(config.media.s3, repo);
  try {
    await migrate(handle.db);
    const { here, moved: before } = await repo.counts();
    console.log(`${here} picture(s) to move to ${config.media.s3.bucket} (${before} moved before).`);
    const report = await moveMediaToStore(repo, store, { onBatch: (moved) => console.log(`  ${moved} of ${here} moved`) });
    if (report.moved > 0) await repo.compact();
    console.log(`Done: ${report.moved} moved now, ${before + report.moved} in the object store.`);
    if (report.damaged.length > 0) {
      throw new ToolError(
        `${report.damaged.length} picture(s) stayed in the database because their bytes do not match their hash: ${report.damaged.join(', ')}`,
      );
    }
  } finally {
    store.close();
    await handle.close();
  }
}

runTool('media:migrate', main);
