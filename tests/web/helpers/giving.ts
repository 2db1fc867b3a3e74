import { vi } from 'vitest';
import { getDb } from '../../../src/web/features/offline/db';
import { getOutbox, startOffline } from '../../../src/web/features/offline/start-offline';
import { cartSync } from '../../../src/web/features/cart/cart-runtime';
import type { RecordedCall } from './fake-fetch';

/** navigator.onLine as the test wants it, with the matching window event (none when quiet). */
export function setOnline(online: boolean, quiet = false): void {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
  if (!quiet) window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

export const pathname = (call: RecordedCall) => new URL(call.url, 'http://app.test').pathname;

/**
 * Stops the page's offline layer (and the cart sync on top of it) once its work has settled, then
 * empties the tables giving uses. Waits on the work itself, never on a clock.
 */
export async function resetGivingState(): Promise<void> {
  const outbox = getOutbox();
  if (outbox) {
    const sync = cartSync();
    await outbox.flush().catch(() => {});
    await sync.idle();
    startOffline({ refreshAccess: async () => null })(); // returns the running instance's stop
    await sync.idle();
  }
  const db = getDb();
  await Promise.all([db.cart.clear(), db.outbox.clear(), db.donations.clear(), db.meta.clear(), db.causes.clear(), db.session.clear()]);
  vi.unstubAllGlobals();
}
