import type { CartSyncLine } from '../../../shared/contract/cart';
import type { BoafoDb, OutboxEntry } from '../offline/db';
import type { Outbox } from '../offline/outbox';
import { t } from '../../lib/i18n';
import { cartPaths } from './api/cart-api';
import type { CartLine } from './local-cart-types';

/**
 * One cart edit = ONE IndexedDB transaction: the line and its queued change commit together, or
 * neither does (a tab closed half-way cannot leave an edit on screen that nothing will send).
 *
 * The queued change is the line's intended state, `{cause_id, quantity, donation_amount}`, kept in
 * one outbox entry per line that later edits coalesce into: the latest quantity wins, a removal
 * replaces whatever was waiting, and adding a line and removing it again before anything was sent
 * cancels out. The outbox sends every waiting line of the cart as one POST /api/cart/sync/.
 * Each edit touches one line, one entry (found by index) and one counter: constant time however
 * long the device was offline.
 */

export const CART_MAX_QUANTITY = 1000;
/** Changed by every edit and every server copy written (a fresh random value, no read needed): a read that started before is stale. */
export const META_CART_REV = 'cart_rev';
/** The cart id the local lines belong to (logout on a page without the watcher leaves them: see cart-sync). */
export const META_CART_ID = 'cart_id';

export interface CauseForCart {
  id: string;
  title: string;
  category?: string | null;
  image?: string | null;
}

export type CartEdit =
  | { kind: 'add'; cause: CauseForCart; amount: string; quantity: number }
  /** An absolute quantity; 0 (or less) removes the line. */
  | { kind: 'set'; causeId: string; quantity: number }
  /** Plus or minus on the line as it is at that moment (inside the transaction: no lost clicks). */
  | { kind: 'step'; causeId: string; delta: number };

/** A new value for `cart_rev`: unique, so writing it needs no read of the old one. */
export function newCartRev(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`;
}

export interface EditContext {
  db: BoafoDb;
  outbox: Outbox;
  /** The cart id already remembered in `meta` (then it is not written again). */
  rememberedCartId?: string | null;
  /** Who makes the edit (null: a guest) and how their changes are labelled while waiting. */
  owner: string | null;
  ownerLabel: string | null;
  cartId: string;
  now?: number;
}

export function isCartEntry(entry: OutboxEntry): boolean {
  return (
    entry.batch?.url === cartPaths.sync ||
    (!entry.batch &&
      (entry.url === cartPaths.add || entry.url.startsWith('/api/cart/update/') || entry.url.startsWith('/api/cart/remove/')))
  );
}

function label(title: string, quantity: number): string {
  return quantity > 0 ? t('cart.outbox.quantity', { title, quantity }) : t('cart.outbox.remove', { title });
}

/** Applies the edit to the device cart and queues it. Resolves with the line as it now is (null: gone or never there). */
export async function applyCartEdit(ctx: EditContext, edit: CartEdit): Promise<CartLine | null> {
  const { db, outbox } = ctx;
  const at = ctx.now ?? Date.now();
  const causeId = edit.kind === 'add' ? edit.cause.id : edit.causeId;
  const coalesceKey = `cart:${causeId}`;
  const result = await db.transaction('rw', db.cart, db.outbox, db.meta, async () => {
    // Reads side by side, then writes side by side: two round trips to IndexedDB, not six.
    const [existing, waiting] = await Promise.all([
      db.cart.get(causeId) as Promise<CartLine | undefined>,
      outbox.waitingFor(coalesceKey, ctx.owner),
    ]);
    let next: CartLine | null;
    if (edit.kind === 'add') {
      next = existing
        ? {
            ...existing,
            donation_amount: edit.amount,
            quantity: Math.min(CART_MAX_QUANTITY, existing.quantity + edit.quantity),
            updated_at: at,
          }
        : {
            id: causeId,
            cause_id: causeId,
            title: edit.cause.title,
            category: edit.cause.category ?? null,
            image: edit.cause.image ?? null,
            donation_amount: edit.amount,
            quantity: Math.min(CART_MAX_QUANTITY, edit.quantity),
            accepts_donations: true,
            added_at: at,
            updated_at: at,
          };
    } else {
      if (!existing) return { changed: false, line: null };
      const quantity = Math.min(CART_MAX_QUANTITY, Math.floor(edit.kind === 'set' ? edit.quantity : existing.quantity + edit.delta));
      next = quantity > 0 ? { ...existing, quantity, updated_at: at } : null;
    }

    const line: CartSyncLine = next
      ? { cause_id: causeId, quantity: next.quantity, donation_amount: next.donation_amount }
      : { cause_id: causeId, quantity: 0 };
    await Promise.all([
      next ? db.cart.put(next) : db.cart.delete(causeId),
      outbox.put(
        {
          method: 'POST',
          url: cartPaths.sync,
          body: line,
          label: label(next?.title ?? existing!.title, line.quantity),
          owner: ctx.owner,
          ownerLabel: ctx.ownerLabel,
          coalesceKey,
          batch: { url: cartPaths.sync, field: 'lines', base: { cart_id: ctx.cartId }, itemKey: 'cause_id' },
          meta: { created: !existing },
        },
        (previous) => (!next && previous.meta?.created === true && !previous.batchKey ? 'cancel' : 'replace'),
        waiting,
      ),
      db.meta.put({ key: META_CART_REV, value: newCartRev() }),
      ctx.rememberedCartId !== ctx.cartId ? db.meta.put({ key: META_CART_ID, value: ctx.cartId }) : null,
    ]);
    return { changed: true, line: next };
  });
  if (result.changed) outbox.queued();
  return result.line;
}
