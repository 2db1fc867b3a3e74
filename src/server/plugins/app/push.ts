/**
 * app.push: Web Push with VAPID. Keys come from VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY or are
 * generated once and kept in app_settings (insert-if-absent, then read back: two processes
 * starting together end up with the same pair, as one JSON value so a pair is never mixed).
 */
import fp from 'fastify-plugin';
import { generateVapidKeys, PushSender, type VapidKeys } from '../../push/sender';

export default fp(
  async (app) => {
    const settings = app.config.push;
    const keys: VapidKeys =
      settings.vapid ?? JSON.parse(await app.repos.settings.getOrCreate('vapid_keys', () => JSON.stringify(generateVapidKeys())));
    const repo = app.repos.pushSubscriptions;
    app.decorate('push', new PushSender(keys, settings.subject, repo, app.log.child({ module: 'push' }), settings.allowInsecureEndpoints));
  },
  { name: 'push', dependencies: ['repositories'] },
);
