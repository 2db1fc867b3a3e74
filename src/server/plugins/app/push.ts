/**
 * app.push: Web Push with VAPID. Keys come from VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY or are
 * generated once and kept in app_settings (insert-if-absent, then read back: two processes
 * starting together end up with the same pair, as one JSON value so a pair is never mixed).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { generateVapidKeys, PushSender, type VapidKeys } from '../../push/sender';

async function storedVapidKeys(app: FastifyInstance): Promise<VapidKeys> {
  const stored = await app.repos.settings.get('vapid_keys');
  if (stored) return JSON.parse(stored) as VapidKeys;
  // The first start: generating a pair loads web-push, so it is done only here.
  const fresh = JSON.stringify(await generateVapidKeys());
  return JSON.parse(await app.repos.settings.getOrCreate('vapid_keys', () => fresh)) as VapidKeys;
}

export default fp(
  async (app) => {
    const settings = app.config.push;
    const keys = settings.vapid ?? (await storedVapidKeys(app));
    const repo = app.repos.pushSubscriptions;
    app.decorate('push', new PushSender(keys, settings.subject, repo, app.log.child({ module: 'push' }), settings.allowInsecureEndpoints));
  },
  { name: 'push', dependencies: ['repositories'] },
);
