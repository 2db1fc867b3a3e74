/**
 * Opens the database, applies migrations (under an advisory lock) and closes it with the app. The owner
 * of an embedded database folder also answers `npm run backup` on its backup socket (db/backup.ts).
 */
import fp from 'fastify-plugin';
import { serveBackups, type BackupListener } from '../../db/backup';
import { openDatabase, pgliteOf } from '../../db/client';
import { migrate } from '../../db/migrator';

export default fp(
  async (app) => {
    const handle = await openDatabase(app.config);
    let backups: BackupListener | null = null;
    app.addHook('onClose', async () => {
      await backups?.close();
      await handle.close();
    });
    const applied = await migrate(handle.db);
    if (applied.length > 0) app.log.info({ migrations: applied }, 'Database migrations applied');
    const pglite = pgliteOf(handle.db);
    if (pglite && !app.config.pgliteDir.startsWith('memory://')) {
      backups = await serveBackups(pglite, app.config.pgliteDir, (error) => app.log.error({ err: error }, 'Backup snapshot failed'));
    }
    app.decorate('db', handle.db);
    app.decorate('dbKind', handle.kind);
    app.decorate('dbUsage', handle.usage);
  },
  { name: 'db' },
);
