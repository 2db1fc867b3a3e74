/**
 * `npm run audit:check`: verifies the audit trail's hash chain in the database the settings name
 * (DATABASE_URL, else the PGlite folder under DATA_DIR, which must not be in use by a running
 * server). Prints what it found; exits 0 when the chain is whole, 1 on a gap or an edit, 2 when
 * it could not check.
 */
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { DataDirInUseError } from './db/data-dir-lock';
import { makeRepos } from './repositories/repos';

async function main(): Promise<number> {
  const config = loadConfig();
  const handle = await openDatabase(config);
  try {
    const repos = makeRepos(handle.db, { loginWindowSeconds: 900, mailKeptOnly: true, cardHoldHours: 0 });
    const { rows, head, problems } = await repos.auditLog.verify();
    for (const p of problems) console.log(`row ${p.seq}: ${p.problem}`);
    if (problems.length > 0) {
      console.log(`Audit trail BROKEN: ${problems.length} problem${problems.length === 1 ? '' : 's'} in ${rows} rows.`);
      return 1;
    }
    console.log(`Audit trail intact: ${rows} rows${head ? `, newest hash ${head}` : ''}.`);
    return 0;
  } finally {
    await handle.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    const known = error instanceof ConfigError || error instanceof DataDirInUseError;
    console.error(`Cannot check the audit trail: ${error instanceof Error && known ? error.message : String(error)}`);
    process.exit(2);
  },
);
