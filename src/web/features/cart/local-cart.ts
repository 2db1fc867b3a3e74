import { liveQuery } from 'dexie';
import { useEffect, useState } from 'react';
import { getDb } from '../offline/db';

/**
 * The cart lives in IndexedDB first (spec §3: one line per cause, donation_amount and quantity).
 * This issue keeps it on the device; the giving issue syncs it to /api/cart/ through the outbox.
 */
export interface CartLine {
  /** The cause id: one line per cause. */
  id: string;
  cause_id: string;
  title: string;
  category: string | null;
  image: string | null;
  /** Decimal string in GHS, e.g. "10.00". */
  donation_amount: string;
  quantity: number;
  updated_at: number;
  [field: string]: unknown;
}

export const DEFAULT_CART_AMOUNT = '10.00';

/** Adds a cause (default 10 GHS, quantity 1); adding the same cause again adds to its quantity. */
export async function addToCart(cause: { id: string; title: string; category?: string | null; image?: string | null }, amount = DEFAULT_CART_AMOUNT, quantity = 1): Promise<CartLine> {
  const db = getDb();
  return db.transaction('rw', db.cart, async () => {
    const existing = (await db.cart.get(cause.id)) as CartLine | undefined;
    const line: CartLine = existing
      ? { ...existing, quantity: existing.quantity + quantity, updated_at: Date.now() }
      : {
          id: cause.id, cause_id: cause.id, title: cause.title, category: cause.category ?? null, image: cause.image ?? null,
          donation_amount: amount, quantity, updated_at: Date.now(),
        };
    await db.cart.put(line);
    return line;
  });
}

/** Live number of lines in the cart, for every badge (0 until IndexedDB answers). */
export function useCartCount(): number {
  const [count, setCount] = useState(0);
  useEffect(() => {
    const subscription = liveQuery(() => getDb().cart.count()).subscribe({ next: setCount, error: () => setCount(0) });
    return () => subscription.unsubscribe();
  }, []);
  return count;
}
