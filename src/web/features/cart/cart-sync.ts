import { proxy } from 'valtio';
import type { Cart, CartItem } from '../../../shared/contract/cart';
import type { BoafoDb, OutboxEntry } from '../offline/db';
import type { Outbox } from '../offline/outbox';
import type { SentAnswer, SyncStatus } from '../offline/outbox-types';
import { cartPaths } from './api/cart-api';
import { applyCartEdit, isCartEntry, META_CART_ID, META_CART_REV, newCartRev, type CartEdit } from './cart-edits';
import type { CartLine } from './local-cart-types';
import { browserOnline } from '../../lib/browser-online';

/**
 * Keeps the device cart and the server cart the same. One instance per page, created at start-up
 * (cart-runtime.ts); tests build their own with their own database, outbox and server.
 *  - Edits apply locally at once and wait in the outbox, one coalesced entry per line (cart-edits.ts).
 *  - When the outbox sends the waiting lines (POST /api/cart/sync/), the answer IS the server cart:
 *    it replaces the local one when nothing else is waiting, so N edits cost one round trip.
 *  - Otherwise (start-up, sign-in, back online, after a payment), once nothing is waiting the server
 *    cart is read and replaces the local one (lines the server refused disappear, lines merged from
 *    a guest cart at sign-in or added on another device appear).
 *  - A copy that started before an edit never lands: every edit and every copy bumps `cart_rev`
 *    in IndexedDB, shared by all tabs, and a copy is written only if the counter has not moved.
 *  - The local cart belongs to one identity; signing out clears it (the account's waiting changes stay
 *    queued for it and are never sent as anyone else).
 */

export interface CartSyncView {
  /** Cart changes on this device the server has not confirmed yet. */
  unsynced: number;
  /** Cart changes the server refused (shown in the sync panel to retry or discard). */
  refused: number;
  /** The outbox is sending right now and cart changes are among what waits. */
  syncing: boolean;
  refreshing: boolean;
  /** When the local cart last became a copy of the server's. */
  lastServerSyncAt: number | null;
}

export function createCartSyncView(): CartSyncView {
  return proxy<CartSyncView>({ unsynced: 0, refused: 0, syncing: false, refreshing: false, lastServerSyncAt: null });
}

/** What the screens show; the page's one CartSync writes it. */
export const cartSyncState = createCartSyncView();

export interface CartSyncDeps {
  db: BoafoDb;
  outbox: Outbox;
  /** Who this page acts as now (the page catches up with localStorage first). */
  identity: () => { id: string | null; label: string | null };
  /** Calls `onChange` when the identity changes; returns the unsubscribe. */
  watchIdentity?: (onChange: () => void) => () => void;
  /** GET the server cart (null: a guest cart the server does not know). */
  fetchCart: (cartId: string | null) => Promise<Cart | null>;
  cartIds: { read(): string | null; ensure(): string; store(id: string): void };
  online?: () => boolean;
  now?: () => number;
  view?: CartSyncView;
}

/** A server cart line as the device keeps it (one line per cause, keyed by the cause id). */
export function lineFromItem(item: CartItem, addedAt: number): CartLine {
  return {
    id: item.cause_id,
    cause_id: item.cause_id,
    server_id: item.id,
    title: item.title,
    category: item.category ?? null,
    image: item.image ?? null,
    donation_amount: item.donation_amount,
    quantity: item.quantity,
    line_total: item.line_total,
    accepts_donations: item.accepts_donations !== false,
    updated_at: addedAt,
    added_at: addedAt,
  };
}

function isCart(value: unknown): value is Cart {
  const cart = value as Partial<Cart> | null;
  return Boolean(cart && typeof cart.cart_id === 'string' && Array.isArray(cart.items));
}

export function createCartSync(deps: CartSyncDeps) {
  const { db, outbox } = deps;
  const online = deps.online ?? browserOnline;
  const now = deps.now ?? Date.now;
  const view = deps.view ?? cartSyncState;
  let refreshing: Promise<boolean> | null = null;
  let refreshAgain = false;
  let needsRefresh = true;
  let checkQueued = false;
  let lastStatus: SyncStatus | null = null;
  // Work under way (reads, checks), so `idle()` can wait on conditions rather than on a clock.
  let stopped = false;
  let busy = 0;
  const idleWaiters: Array<() => void> = [];
  function track<T>(work: Promise<T>): Promise<T> {
    busy += 1;
    return work.finally(() => {
      busy -= 1;
      if (busy === 0) idleWaiters.splice(0).forEach((resolve) => resolve());
    });
  }

  const visible = (entry: OutboxEntry) => entry.owner == null || entry.owner === deps.identity().id;

  async function readRev(): Promise<unknown> {
    return (await db.meta.get(META_CART_REV))?.value ?? null;
  }
  /** The cart id this page last wrote to `meta` (edits skip the write when it has not changed). */
  let rememberedCartId: string | null = null;

  async function waitingCartChanges(): Promise<number> {
    return db.outbox
      .where('status')
      .equals('pending')
      .filter((e) => isCartEntry(e) && visible(e))
      .count();
  }

  /**
   * Replaces the local cart with `cart` unless a cart change is waiting (the device is ahead) or,
   * when `rev` is given, an edit or another copy landed since the read started.
   */
  async function replaceLocalCart(cart: Cart, rev: { value: unknown } | null): Promise<boolean> {
    const applied = await db.transaction('rw', db.cart, db.outbox, db.meta, async () => {
      if (stopped) return false;
      if (rev !== null && (await readRev()) !== rev.value) return false;
      if ((await waitingCartChanges()) > 0) return false;
      const old = new Map(((await db.cart.toArray()) as CartLine[]).map((l) => [l.id, l]));
      const base = now();
      await db.cart.clear();
      await db.cart.bulkPut(
        cart.items.map((item, i) => {
          const line = lineFromItem(item, base + i);
          const previous = old.get(line.id);
          if (previous?.added_at) line.added_at = previous.added_at as number; // keep the order the user knows
          return line;
        }),
      );
      await db.meta.put({ key: META_CART_REV, value: newCartRev() });
      await db.meta.put({ key: META_CART_ID, value: cart.cart_id });
      return true;
    });
    if (applied) {
      rememberedCartId = cart.cart_id;
      // The server's cart id is the one to use from now on (a signed-in user's own cart after a merge).
      if (cart.cart_id) deps.cartIds.store(cart.cart_id);
      view.lastServerSyncAt = now();
    }
    return applied;
  }

  function bumpRev(): Promise<void> {
    return db.meta.put({ key: META_CART_REV, value: newCartRev() }).then(() => undefined);
  }

  /** Empties the local cart (logout). */
  async function clearLocalCart(): Promise<void> {
    rememberedCartId = null;
    await db.transaction('rw', db.cart, db.meta, async () => {
      if (stopped) return;
      await db.cart.clear();
      await db.meta.delete(META_CART_ID);
      await db.meta.put({ key: META_CART_REV, value: newCartRev() });
    });
  }

  /** Reads the server cart and replaces the local one, when no cart change is waiting. Single flight. */
  function refresh(): Promise<boolean> {
    if (refreshing) {
      refreshAgain = true; // asked again meanwhile (sign-in, a drain): one more round once this one ends
      return refreshing;
    }
    const run = async (): Promise<boolean> => {
      view.refreshing = true;
      if (!online()) return false;
      if ((await waitingCartChanges()) > 0) return false;
      const rev = { value: await readRev() };
      const cartId = deps.cartIds.read();
      const who = deps.identity().id;
      if (!cartId && !who) {
        needsRefresh = false; // a guest who never edited a cart: nothing on the server
        return false;
      }
      const cart = await deps.fetchCart(cartId);
      if (deps.identity().id !== who) return false; // someone else now: their read is next
      // A guest cart the server does not know: nothing of it reached the server.
      const applied = await replaceLocalCart(cart ?? { cart_id: cartId ?? '', items: [], total_amount: '0.00' }, rev);
      if (applied) needsRefresh = false;
      return applied;
    };
    // Unreachable or refused: the local cart stays, and the next drain asks again. `refreshing` is
    // cleared in a callback (always after this assignment), so a run that ends at once cannot leave it set.
    refreshing = track(
      run()
        .catch(() => false)
        .finally(() => {
          view.refreshing = false;
          refreshing = null;
          if (refreshAgain) {
            refreshAgain = false;
            scheduleCheck();
          }
        }),
    );
    return refreshing;
  }

  function scheduleCheck(): void {
    if (checkQueued) return;
    checkQueued = true;
    void track(
      (async () => {
        await Promise.resolve();
        checkQueued = false;
        // A cart entry being sent stays in the outbox until answered, so 0 waiting means nothing is on its way.
        if (needsRefresh && online() && (await waitingCartChanges()) === 0) await refresh();
      })(),
    );
  }

  /** Asks for a server copy after the next drain (or now, when nothing waits). */
  function requestRefresh(): void {
    needsRefresh = true;
    scheduleCheck();
  }

  /** The batch answer is the server cart: take it when it is this identity's and nothing else waits. */
  async function onAnswer(answer: SentAnswer): Promise<void> {
    if (answer.batch?.url !== cartPaths.sync || !isCart(answer.body)) return;
    const mine = (answer.owner ?? null) === (deps.identity().id ?? null);
    // A replay answers with the cart as it was then; another identity's cart is not this page's.
    if (!mine || answer.replayed || !(await track(replaceLocalCart(answer.body, null)))) requestRefresh();
    else needsRefresh = false;
  }

  function updateView(status: SyncStatus): void {
    lastStatus = status;
    view.unsynced = status.pendingEntries.filter(isCartEntry).length;
    view.refused = status.failedEntries.filter(isCartEntry).length;
    view.syncing = status.flushing && view.unsynced > 0;
    scheduleCheck();
  }

  /** One edit: the line and its queued change in one transaction (see cart-edits.ts). */
  async function edit(change: CartEdit): Promise<CartLine | null> {
    const who = deps.identity();
    const cartId = deps.cartIds.ensure();
    const line = await applyCartEdit({ db, outbox, owner: who.id, ownerLabel: who.label, cartId, rememberedCartId, now: now() }, change);
    rememberedCartId = cartId;
    return line;
  }

  /**
   * Logout on a page without this watcher (the landing page) removed the cart id but left the
   * lines: the device remembers which cart its lines belong to, and drops them when that id is gone.
   */
  async function reconcileAfterLogout(): Promise<void> {
    const remembered = (await db.meta.get(META_CART_ID).catch(() => undefined))?.value;
    if (remembered && !deps.cartIds.read()) await clearLocalCart();
  }

  /** Starts watching: outbox status and answers, sign-in/out, the connection coming back. Returns stop. */
  function start(): () => void {
    const stops: Array<() => void> = [];
    void track(reconcileAfterLogout().catch(() => {})).then(scheduleCheck);
    stops.push(outbox.subscribe(updateView));
    stops.push(outbox.onAnswer((answer) => void onAnswer(answer)));
    let lastUser = deps.identity().id;
    if (deps.watchIdentity) {
      stops.push(
        deps.watchIdentity(() => {
          const user = deps.identity().id;
          if (user === lastUser) return;
          const signedOut = lastUser !== null && user === null;
          lastUser = user;
          if (signedOut) {
            void track(clearLocalCart().catch(() => {}));
            return;
          }
          // Signing in: a read started for the old identity must not land (the counter moves), then read as the new one.
          void track(bumpRev().catch(() => {})).then(requestRefresh);
        }),
      );
    }
    if (typeof window !== 'undefined') {
      const onOnline = () => requestRefresh();
      window.addEventListener('online', onOnline);
      stops.push(() => window.removeEventListener('online', onOnline));
    }
    return () => {
      stopped = true;
      stops.forEach((stop) => stop());
    };
  }

  /** Resolves once no server copy is being read or about to be (tests wait on it, not on a clock). */
  function idle(): Promise<void> {
    return busy === 0 ? Promise.resolve() : new Promise<void>((resolve) => idleWaiters.push(resolve));
  }

  return { start, edit, refresh, requestRefresh, replaceLocalCart, clearLocalCart, idle, view, status: () => lastStatus };
}

export type CartSync = ReturnType<typeof createCartSync>;
