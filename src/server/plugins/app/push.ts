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
    // Generating a pair loads web-push: only when none is stored yet (the first start).
    const stored = settings.vapid ? null : await app.repos.settings.get('vapid_keys');
    const fresh = settings.vapid || stored ? null : JSON.stringify(await generateVapidKeys());
    const keys: VapidKeys = settings.vapid ?? JSON.parse(stored ?? (await app.repos.settings.getOrCreate('vapid_keys', () => fresh!)));
    const repo = app.repos.pushSubscriptions;
    app.decorate('push', new PushSender(keys, settings.subject, repo, app.log.child({ module: 'push' }), settings.allowInsecureEndpoints));
  },
  { name: 'push', dependencies: ['repositories'] },
);
