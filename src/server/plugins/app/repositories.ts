/**
 * Decorates app.repos with every repository on app.db (built in repositories/repos.ts). A unit of
 * work that spans tables takes repositories bound to one transaction from repos.transaction(),
 * never builds them by hand.
 */
import fp from 'fastify-plugin';
import { makeRepos } from '../../repositories/repos';

export default fp(
  async (app) => {
    app.decorate(
      'repos',
      makeRepos(app.db, {
        loginWindowSeconds: app.config.loginLimits.windowSeconds,
        mailKeptOnly: !app.config.mail.smtpUrl,
        cardHoldHours: app.config.cardHoldHours,
        stepUpSeconds: app.config.stepUpSeconds,
      }),
    );
  },
  { name: 'repositories', dependencies: ['db'] },
);
