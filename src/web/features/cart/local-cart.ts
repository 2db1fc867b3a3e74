import { liveQuery } from 'dexie';
import { useEffect, useState } from 'react';
import { parseAmount, toDecimalString, type Pesewas } from '../../../shared/money';
import { t } from '../../lib/i18n';
import { toast } from '../../stores/toast-store';
import { getDb } from '../offline/db';
import type { CauseForCart } from './cart-edits';
import { cartSync } from './cart-runtime';
import type { CartLine } from './local-cart-types';

export type { CartLine };

/**
 * The cart is local-first: every edit (add, plus, minus, remove) changes the IndexedDB cart at
 * once AND queues the line's new state in the outbox, in one transaction (cart-edits.ts), so it
 * works offline and reaches the server once, coalesced with the line's other waiting edits.
 * cart-sync.ts keeps the local cart a copy of the server's whenever nothing is waiting.
 */

export const DEFAULT_CART_AMOUNT = '10.00';

/** donation_amount × quantity, in pesewas (spec §9). */
export function lineTotalPesewas(line: Pick<CartLine, 'donation_amount' | 'quantity'>): Pesewas {
  return (parseAmount(line.donation_amount) ?? 0) * Math.max(0, line.quantity);
}

export function lineTotal(line: Pick<CartLine, 'donation_amount' | 'quantity'>): string {
  return toDecimalString(lineTotalPesewas(line));
}

/**
 * Adds a cause (default 10 GHS, quantity 1); adding the same cause again adds to its quantity.
 * Rejects when the device could not save it (the caller tells the donor).
 */
export async function addToCart(cause: CauseForCart, amount = DEFAULT_CART_AMOUNT, quantity = 1): Promise<CartLine> {
  const line = await cartSync().edit({ kind: 'add', cause, amount, quantity });
  return line!;
}

/** An edit from the cart screen: when the device cannot save it, nothing changed and the donor is told. */
async function told(run: () => Promise<CartLine | null>): Promise<CartLine | null> {
  try {
    return await run();
  } catch {
    toast.error(t('cart.writeFailed'));
    return null;
  }
}

/** Sets a line's quantity; zero or less removes it. Resolves with the new line, or null once it is gone (or was never there). */
export function setLineQuantity(causeId: string, quantity: number): Promise<CartLine | null> {
  return told(() => cartSync().edit({ kind: 'set', causeId, quantity }));
}

/** Plus: quantity + 1. */
export function increaseQuantity(causeId: string): Promise<CartLine | null> {
  return told(() => cartSync().edit({ kind: 'step', causeId, delta: 1 }));
}

/** Minus: quantity − 1; at 1 the line is removed (spec §4). */
export function decreaseQuantity(causeId: string): Promise<CartLine | null> {
  return told(() => cartSync().edit({ kind: 'step', causeId, delta: -1 }));
}

/** Removes the line. */
export async function removeFromCart(causeId: string): Promise<null> {
  await told(() => cartSync().edit({ kind: 'set', causeId, quantity: 0 }));
  return null;
}

/** Every line, oldest first. */
export async function readCartLines(): Promise<CartLine[]> {
  const lines = (await getDb().cart.toArray()) as CartLine[];
  return lines.sort((a, b) => (a.added_at ?? a.updated_at) - (b.added_at ?? b.updated_at) || a.id.localeCompare(b.id));
}

/** Live cart lines (null until IndexedDB answers). Asks the server for its cart once nothing waits. */
export function useCartLines(): CartLine[] | null {
  const [lines, setLines] = useState<CartLine[] | null>(null);
  useEffect(() => {
    cartSync().requestRefresh();
    const subscription = liveQuery(readCartLines).subscribe({ next: setLines, error: () => setLines([]) });
    return () => subscription.unsubscribe();
  }, []);
  return lines;
}
