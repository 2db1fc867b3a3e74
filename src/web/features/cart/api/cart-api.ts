import type { Cart, CartItem } from '../../../../shared/contract/cart';
import { ApiError, api } from '../../../lib/api-client';
import { isSignedIn } from '../../../stores/session-store';

/**
 * Reading the server cart. Every cart *change* goes through the outbox (cart-edits.ts), never
 * straight to the API, so an edit made offline and one made online take the same road: one
 * coalesced entry per line, sent together as POST /api/cart/sync/.
 */

export const cartPaths = {
  read: (cartId: string | null) => (cartId ? `/api/cart/${encodeURIComponent(cartId)}/` : '/api/cart/'),
  add: '/api/cart/add/',
  /** The batch call the outbox sends the device's waiting line changes to. */
  sync: '/api/cart/sync/',
  /** The cause id stands in for the line id, so lines made offline need no server id. */
  update: (causeId: string) => `/api/cart/update/${encodeURIComponent(causeId)}/`,
  remove: (causeId: string) => `/api/cart/remove/${encodeURIComponent(causeId)}/`,
};

/** True for the outbox entries that change the cart (the batch's, and single calls queued by older versions). */
export function isCartMutationUrl(url: string): boolean {
  return url === cartPaths.sync || url === cartPaths.add || url.startsWith('/api/cart/update/') || url.startsWith('/api/cart/remove/');
}

function isCart(value: unknown): value is Cart {
  const cart = value as Partial<Cart> | null;
  return Boolean(cart && typeof cart.cart_id === 'string' && Array.isArray(cart.items));
}

/**
 * GET /api/cart/{cart_id}/ (GET /api/cart/ for a signed-in user without one). Signed in with a
 * guest cart id, the server merges that cart into the user's and answers with the user's cart id.
 * null when the server has no such cart for a guest (nothing of it reached the server).
 */
export async function fetchServerCart(cartId: string | null, signal?: AbortSignal): Promise<Cart | null> {
  if (!cartId && !isSignedIn()) return null;
  try {
    const cart = await api.get<unknown>(cartPaths.read(cartId), { signal });
    if (!isCart(cart)) throw new TypeError('Not a cart');
    return cart;
  } catch (error) {
    // A cart id the server does not know (or that is someone else's): a signed-in user has their own.
    if (error instanceof ApiError && (error.status === 404 || error.status === 403)) {
      if (cartId && isSignedIn()) return fetchServerCart(null, signal);
      if (!isSignedIn()) return null;
    }
    throw error;
  }
}

export type { Cart, CartItem };
