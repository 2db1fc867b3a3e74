import { liveQuery } from 'dexie';
import { useEffect, useState } from 'react';
import { parseAmount, toDecimalString, type Pesewas } from '../../../shared/money';
import { getDb } from '../offline/db';
import { cartPaths } from './api/cart-api';
import { ensureCartId } from './cart-id';
import { enqueueCartMutation } from './cart-outbox';
import { noteCartEdit, noteCartQueued, requestCartRefresh, startCartSync } from './cart-sync';
import type { CartLine } from './local-cart-types';

export type { CartLine };

/**
 * The cart is local-first: every edit (add, plus, minus, remove) changes the IndexedDB cart at
 * once AND queues the matching API call in the outbox with the cart id, so it works offline and
 * reaches the server exactly once (the outbox sends each entry with its own Idempotency-Key).
 * cart-sync.ts replaces the local cart with the server's after the outbox drains.
 */

export const DEFAULT_CART_AMOUNT = '10.00';
const META_CART_ID = 'cart_id';

/** donation_amount × quantity, in pesewas (spec §9). */
export function lineTotalPesewas(line: Pick<CartLine, 'donation_amount' | 'quantity'>): Pesewas {
  return (parseAmount(line.donation_amount) ?? 0) * Math.max(0, line.quantity);
}

export function lineTotal(line: Pick<CartLine, 'donation_amount' | 'quantity'>): string {
  return toDecimalString(lineTotalPesewas(line));
}

async function rememberCartId(cartId: string): Promise<void> {
  await getDb().meta.put({ key: META_CART_ID, value: cartId }).catch(() => {});
}

/**
 * Adds a cause (default 10 GHS, quantity 1); adding the same cause again adds to its quantity.
 * Queues POST /api/cart/add/ {cart_id, cause_id, donation_amount, quantity}.
 */
export async function addToCart(
  cause: { id: string; title: string; category?: string | null; image?: string | null },
  amount = DEFAULT_CART_AMOUNT,
  quantity = 1,
): Promise<CartLine> {
  startCartSync();
  noteCartEdit();
  try {
    return await addLine(cause, amount, quantity);
  } finally {
    noteCartQueued();
  }
}

async function addLine(cause: { id: string; title: string; category?: string | null; image?: string | null }, amount: string, quantity: number): Promise<CartLine> {
  const db = getDb();
  const cartId = ensureCartId();
  const line = await db.transaction('rw', db.cart, async () => {
    const existing = (await db.cart.get(cause.id)) as CartLine | undefined;
    const now = Date.now();
    const next: CartLine = existing
      ? { ...existing, quantity: existing.quantity + quantity, updated_at: now }
      : {
          id: cause.id, cause_id: cause.id, title: cause.title, category: cause.category ?? null, image: cause.image ?? null,
          donation_amount: amount, quantity, accepts_donations: true, added_at: now, updated_at: now,
        };
    await db.cart.put(next);
    return next;
  });
  await rememberCartId(cartId);
  await enqueueCartMutation({
    method: 'POST',
    url: cartPaths.add,
    body: { cart_id: cartId, cause_id: cause.id, donation_amount: amount, quantity },
  });
  return line;
}

/**
 * Sets a line's quantity: PATCH /api/cart/update/{cause_id}/ {cart_id, quantity}. Zero or less
 * removes the line (DELETE /api/cart/remove/{cause_id}/ {cart_id}). Resolves with the new line,
 * or null once it is gone (or was never there).
 */
export async function setLineQuantity(causeId: string, quantity: number): Promise<CartLine | null> {
  if (quantity <= 0) return removeFromCart(causeId);
  startCartSync();
  noteCartEdit();
  try {
    return await writeQuantity(causeId, quantity);
  } finally {
    noteCartQueued();
  }
}

async function writeQuantity(causeId: string, quantity: number): Promise<CartLine | null> {
  const db = getDb();

  const cartId = ensureCartId();
  const line = await db.transaction('rw', db.cart, async () => {
    const existing = (await db.cart.get(causeId)) as CartLine | undefined;
    if (!existing) return null;
    const next = { ...existing, quantity: Math.floor(quantity), updated_at: Date.now() };
    await db.cart.put(next);
    return next;
  });
  if (!line) return null;
  await rememberCartId(cartId);
  await enqueueCartMutation({ method: 'PATCH', url: cartPaths.update(causeId), body: { cart_id: cartId, quantity: line.quantity } });
  return line;
}

/** Plus: quantity + 1. */
export async function increaseQuantity(causeId: string): Promise<CartLine | null> {
  const line = (await getDb().cart.get(causeId)) as CartLine | undefined;
  return line ? setLineQuantity(causeId, line.quantity + 1) : null;
}

/** Minus: quantity − 1; at 1 the line is removed (spec §4). */
export async function decreaseQuantity(causeId: string): Promise<CartLine | null> {
  const line = (await getDb().cart.get(causeId)) as CartLine | undefined;
  return line ? setLineQuantity(causeId, line.quantity - 1) : null;
}

/** Removes the line: DELETE /api/cart/remove/{cause_id}/ {cart_id}. */
export async function removeFromCart(causeId: string): Promise<null> {
  startCartSync();
  noteCartEdit();
  try {
    await removeLine(causeId);
    return null;
  } finally {
    noteCartQueued();
  }
}

async function removeLine(causeId: string): Promise<void> {
  const db = getDb();
  const cartId = ensureCartId();
  const existed = await db.transaction('rw', db.cart, async () => {
    const existing = await db.cart.get(causeId);
    if (existing) await db.cart.delete(causeId);
    return Boolean(existing);
  });
  if (!existed) return;
  await rememberCartId(cartId);
  await enqueueCartMutation({ method: 'DELETE', url: cartPaths.remove(causeId), body: { cart_id: cartId } });
}

/** Every line, oldest first. */
export async function readCartLines(): Promise<CartLine[]> {
  const lines = (await getDb().cart.toArray()) as CartLine[];
  return lines.sort((a, b) => (a.added_at ?? a.updated_at) - (b.added_at ?? b.updated_at) || a.id.localeCompare(b.id));
}

/** Live cart lines (null until IndexedDB answers). Starts the cart sync and asks the server for its cart. */
export function useCartLines(): CartLine[] | null {
  const [lines, setLines] = useState<CartLine[] | null>(null);
  useEffect(() => {
    startCartSync();
    requestCartRefresh();
    const subscription = liveQuery(readCartLines).subscribe({ next: setLines, error: () => setLines([]) });
    return () => subscription.unsubscribe();
  }, []);
  return lines;
}

/** Live number of lines in the cart, for every badge (0 until IndexedDB answers). Starts the cart sync. */
export function useCartCount(): number {
  const [count, setCount] = useState(0);
  useEffect(() => {
    startCartSync();
    const subscription = liveQuery(() => getDb().cart.count()).subscribe({ next: setCount, error: () => setCount(0) });
    return () => subscription.unsubscribe();
  }, []);
  return count;
}
