/** Start-up data tasks: the configured admin account and the demo seed. */
import fp from 'fastify-plugin';
import { runSeeds } from '../../seed/seed';
import { hashPassword } from '../../lib/passwords';

export default fp(
  async (app) => {
    const { admin, seedDemo } = app.config;
    if (admin) {
      await app.repos.users.upsertAdmin(admin.email, await hashPassword(admin.password));
      app.log.info({ email: admin.email }, 'Admin account ready');
    }
    if (seedDemo) {
      const ran = await runSeeds(app.db);
      if (ran.length > 0) app.log.info({ steps: ran }, 'Demo content added');
    }
  },
  { name: 'bootstrap', dependencies: ['repositories'] },
);
