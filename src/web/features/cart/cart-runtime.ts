import { subscribe } from 'valtio';
import { refreshAccessToken } from '../../lib/api-client';
import { session, syncSessionFromStorage } from '../../stores/session-store';
import { getDb } from '../offline/db';
import type { Outbox } from '../offline/outbox';
import { getOutbox, startOffline } from '../offline/start-offline';
import { fetchServerCart } from './api/cart-api';
import { ensureCartId, readCartId, storeCartId } from './cart-id';
import { createCartSync, type CartSync } from './cart-sync';

/**
 * The page's one CartSync, created at start-up (main.tsx, after the offline layer) or by the first
 * cart screen or edit that needs it. It lives as long as the page's outbox: when the offline layer
 * stops, it stops too, and the next call makes a new one on the new outbox.
 */

let current: { outbox: Outbox; sync: CartSync } | null = null;

/** Who this page acts as, caught up with localStorage first (a tab may have missed a sign-in). */
function identity() {
  syncSessionFromStorage();
  return { id: session.user_id, label: session.email ?? session.name };
}

export function cartSync(): CartSync {
  let outbox = getOutbox();
  if (!outbox) {
    // An edit before main.tsx got to it: start the offline layer now, so no edit is ever made without being queued.
    startOffline({ refreshAccess: refreshAccessToken });
    outbox = getOutbox()!;
  }
  if (current?.outbox === outbox) return current.sync;
  const sync = createCartSync({
    db: getDb(),
    outbox,
    identity,
    watchIdentity: (onChange) => subscribe(session, onChange),
    fetchCart: (cartId) => fetchServerCart(cartId),
    cartIds: { read: readCartId, ensure: ensureCartId, store: storeCartId },
  });
  const entry = { outbox, sync };
  current = entry;
  const stop = sync.start();
  outbox.onStop(() => {
    stop();
    if (current === entry) current = null;
  });
  return sync;
}
