/** Opens the database, applies migrations (under an advisory lock) and closes it with the app. */
import fp from 'fastify-plugin';
import { openDatabase } from '../../db/client';
import { migrate } from '../../db/migrator';

export default fp(
  async (app) => {
    const handle = await openDatabase(app.config);
    app.addHook('onClose', async () => handle.close());
    const applied = await migrate(handle.db);
    if (applied.length > 0) app.log.info({ migrations: applied }, 'Database migrations applied');
    app.decorate('db', handle.db);
    app.decorate('dbKind', handle.kind);
    app.decorate('dbUsage', handle.usage);
  },
  { name: 'db' },
);
