import { liveQuery } from 'dexie';
import { useEffect, useState } from 'react';
import { getDb } from '../../features/offline/db';

/**
 * How many lines the device's cart has, live (the header's cart badge on every screen). Reads the
 * offline store directly, so showing the count never loads the cart feature.
 */
export function useCartCount(): number {
  const [count, setCount] = useState(0);
  useEffect(() => {
    const subscription = liveQuery(() => getDb().cart.count()).subscribe({ next: setCount, error: () => setCount(0) });
    return () => subscription.unsubscribe();
  }, []);
  return count;
}
