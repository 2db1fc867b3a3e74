import { proxy, subscribe } from 'valtio';
import type { Cart, CartItem } from '../../../shared/giving-contract';
import { session } from '../../stores/session-store';
import { getDb } from '../offline/db';
import type { OutboxEntry } from '../offline/db';
import { syncState } from '../offline/stores/sync-store';
import { fetchServerCart, isCartMutationUrl } from './api/cart-api';
import { readCartId, storeCartId } from './cart-id';
import type { CartLine } from './local-cart-types';

/**
 * Keeps the device cart and the server cart the same:
 *  - edits apply locally at once and wait in the outbox (local-cart.ts);
 *  - once no cart edit is waiting (the outbox drained), the server cart is fetched and REPLACES
 *    the local one, so after a sync local == server (lines the server refused disappear, lines
 *    merged from a guest cart at sign-in appear) and the answered cart_id is stored;
 *  - an edit made while that fetch is in flight wins: the answer is dropped and fetched again later;
 *  - logout (the cart id is gone) empties the local cart.
 */

export const cartSyncState = proxy({
  /** Cart edits on this device the server has not confirmed yet. */
  unsynced: 0,
  /** Cart edits the server refused (they show in the sync dock to retry or discard). */
  refused: 0,
  refreshing: false,
  /** When the local cart last became a copy of the server's. */
  lastServerSyncAt: null as number | null,
});

let editGeneration = 0;
/** Edits between their local write and their outbox entry: a refresh must not land in that gap. */
let editsInFlight = 0;
let needsRefresh = true;
let started = false;
let refreshing: Promise<boolean> | null = null;
let refreshAgain = false;

const META_CART_ID = 'cart_id';

function visible(entry: OutboxEntry): boolean {
  return entry.owner == null || entry.owner === session.user_id;
}

async function cartEntries(): Promise<OutboxEntry[]> {
  return getDb().outbox.filter((e) => isCartMutationUrl(e.url) && visible(e)).toArray();
}

async function updateCounts(): Promise<number> {
  const entries = await cartEntries().catch(() => [] as OutboxEntry[]);
  const pending = entries.filter((e) => e.status === 'pending').length;
  cartSyncState.unsynced = pending;
  cartSyncState.refused = entries.length - pending;
  return pending;
}

/** Called by every local edit before it touches the table. */
export function noteCartEdit(): void {
  editGeneration += 1;
  editsInFlight += 1;
  needsRefresh = true;
}

/** Called once the edit's outbox entry is queued (or the edit gave up). */
export function noteCartQueued(): void {
  editsInFlight = Math.max(0, editsInFlight - 1);
  editGeneration += 1;
  void updateCounts();
}

/** A server cart line as the device keeps it (one line per cause, keyed by the cause id). */
export function lineFromItem(item: CartItem, addedAt: number): CartLine {
  return {
    id: item.cause_id, cause_id: item.cause_id, server_id: item.id, title: item.title, category: item.category ?? null,
    image: item.image ?? null, donation_amount: item.donation_amount, quantity: item.quantity, line_total: item.line_total,
    accepts_donations: item.accepts_donations !== false, updated_at: addedAt, added_at: addedAt,
  };
}

/**
 * Replaces the local cart with `cart` unless an edit happened since `generation` or a cart edit is
 * still waiting in the outbox (then the local cart is ahead and a later refresh catches up).
 */
export async function replaceLocalCart(cart: Cart, generation = editGeneration): Promise<boolean> {
  const db = getDb();
  const applied = await db.transaction('rw', db.cart, db.outbox, db.meta, async () => {
    if (generation !== editGeneration || editsInFlight > 0) return false;
    const waiting = await db.outbox.filter((e) => isCartMutationUrl(e.url) && e.status === 'pending' && visible(e)).count();
    if (waiting > 0) return false;
    const old = new Map(((await db.cart.toArray()) as CartLine[]).map((l) => [l.id, l]));
    const base = Date.now();
    await db.cart.clear();
    await db.cart.bulkPut(cart.items.map((item, i) => {
      const line = lineFromItem(item, base + i);
      const previous = old.get(line.id);
      if (previous?.added_at) line.added_at = previous.added_at as number; // keep the order the user knows
      return line;
    }));
    await db.meta.put({ key: META_CART_ID, value: cart.cart_id });
    return true;
  });
  // The server's cart id is the one to use from now on (a signed-in user's own cart after a merge).
  if (applied && cart.cart_id) storeCartId(cart.cart_id);
  if (applied) {
    // Something asked for a newer copy while this one was being written (a sign-in): keep asking.
    if (generation === editGeneration) needsRefresh = false;
    cartSyncState.lastServerSyncAt = Date.now();
  }
  return applied;
}

/** Empties the local cart (logout). */
export async function clearLocalCart(): Promise<void> {
  const db = getDb();
  editGeneration += 1;
  await db.transaction('rw', db.cart, db.meta, async () => {
    await db.cart.clear();
    await db.meta.delete(META_CART_ID);
  });
}

function online(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

/**
 * Fetches the server cart and replaces the local one, when no cart edit is waiting to be sent.
 * Resolves true when the local cart is now the server's. Single flight.
 */
export function refreshCartFromServer(): Promise<boolean> {
  if (refreshing) {
    refreshAgain = true; // asked again meanwhile (sign-in, a drain): one more round once this one ends
    return refreshing;
  }
  refreshing = (async () => {
    cartSyncState.refreshing = true;
    try {
      if (!online()) return false;
      if ((await updateCounts()) > 0) return false;
      const generation = editGeneration;
      const cartId = readCartId();
      if (!cartId && !session.access) {
        needsRefresh = false; // a guest who never edited a cart: nothing on the server
        return false;
      }
      const cart = await fetchServerCart(cartId);
      // A guest cart the server does not know: nothing of it reached the server.
      return await replaceLocalCart(cart ?? { cart_id: cartId ?? '', items: [], total_amount: '0.00' }, generation);
    } catch {
      return false; // unreachable or refused: keep the local cart, try again after the next drain
    } finally {
      cartSyncState.refreshing = false;
      refreshing = null;
      if (refreshAgain) {
        refreshAgain = false;
        scheduleCheck();
      }
    }
  })();
  return refreshing;
}

let checkQueued = false;
function scheduleCheck(): void {
  if (checkQueued) return;
  checkQueued = true;
  queueMicrotask(() => {
    checkQueued = false;
    void (async () => {
      const pending = await updateCounts();
      // A cart entry being sent stays in the outbox until answered, so pending 0 means nothing is on its way.
      if (needsRefresh && pending === 0 && online()) await refreshCartFromServer();
    })();
  });
}

/** Asks for a refresh after the next drain (or now, when nothing waits). */
export function requestCartRefresh(): void {
  needsRefresh = true;
  scheduleCheck();
}

/**
 * Starts the watcher once per page: outbox status changes (page or service worker), sign-in/out,
 * and the connection coming back. Called by the cart hooks and edits.
 */
export function startCartSync(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  // The outbox itself is started by main.tsx after paint, or by the first cart edit (cart-outbox.ts).
  void reconcileAfterLogout().then(scheduleCheck);
  subscribe(syncState, scheduleCheck);
  let lastAccess = session.access;
  let lastUser = session.user_id;
  subscribe(session, () => {
    const signedOut = lastAccess && !session.access;
    const userChanged = lastUser !== session.user_id;
    lastAccess = session.access;
    lastUser = session.user_id;
    if (signedOut) {
      void clearLocalCart();
      return;
    }
    // Signing in: the next cart call carries the guest cart id and the server merges it. A read
    // that started before is for the old identity: its answer must not land.
    if (userChanged) {
      editGeneration += 1;
      requestCartRefresh();
    }
  });
  window.addEventListener('online', () => requestCartRefresh());
}

/**
 * Logout on a page without the watcher (the landing page) removed the cart id but left the
 * lines: the device remembers which cart its lines belong to, and drops them when that id is gone.
 */
async function reconcileAfterLogout(): Promise<void> {
  try {
    const db = getDb();
    const remembered = (await db.meta.get(META_CART_ID))?.value;
    if (remembered && !readCartId()) await clearLocalCart();
  } catch {
    // nothing to reconcile
  }
}

/** Resolves once no refresh is running or scheduled (tests). */
export async function cartSyncSettled(): Promise<void> {
  for (let i = 0; i < 5; i++) {
    await new Promise((resolve) => setTimeout(resolve, 0));
    if (refreshing) await refreshing;
  }
}

/** Tests: forget module state between cases. */
export function resetCartSyncForTests(): void {
  editGeneration = 0;
  editsInFlight = 0;
  needsRefresh = true;
  refreshing = null;
  refreshAgain = false;
  Object.assign(cartSyncState, { unsynced: 0, refused: 0, refreshing: false, lastServerSyncAt: null });
}
