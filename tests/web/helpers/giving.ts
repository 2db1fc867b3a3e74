import { vi } from 'vitest';
import type { Cart, CartItem } from '../../../src/shared/giving-contract';
import { parseAmount, toDecimalString } from '../../../src/shared/money';
import { getDb } from '../../../src/web/features/offline/db';
import { getOutbox, startOffline } from '../../../src/web/features/offline/start-offline';
import { cartSyncSettled, resetCartSyncForTests } from '../../../src/web/features/cart/cart-sync';
import { json, type RecordedCall } from './fake-fetch';

/** navigator.onLine as the test wants it, with the matching window event (none when quiet). */
export function setOnline(online: boolean, quiet = false): void {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
  if (!quiet) window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

export const pathname = (call: RecordedCall) => new URL(call.url, 'http://app.test').pathname;

interface ServerLine {
  cause_id: string;
  title: string;
  category: string | null;
  amount: number; // pesewas
  quantity: number;
}

/**
 * A small in-memory cart API (the giving contract's cart routes), so the outbox can drain into it
 * and the page can read it back. Signed-in requests work on `userCartId`.
 */
export function createCartServer(options: { userCartId?: string; titles?: Record<string, string> } = {}) {
  const carts = new Map<string, Map<string, ServerLine>>();
  const calls: RecordedCall[] = [];
  const seen = new Map<string, Response>();
  const cartFor = (call: RecordedCall, id: string | null | undefined): string => {
    if (call.headers.authorization && options.userCartId) {
      const own = options.userCartId;
      if (id && id !== own && carts.has(id)) {
        // Merge the guest cart into the user's.
        const mine = carts.get(own) ?? new Map();
        for (const [cause, line] of carts.get(id)!) {
          const existing = mine.get(cause);
          mine.set(cause, existing ? { ...existing, quantity: existing.quantity + line.quantity } : line);
        }
        carts.set(own, mine);
        carts.delete(id);
      }
      return own;
    }
    return id ?? 'server-made-cart';
  };
  const lines = (id: string) => {
    if (!carts.has(id)) carts.set(id, new Map());
    return carts.get(id)!;
  };
  const answer = (id: string): Cart => {
    const items: CartItem[] = [...lines(id).values()].map((l) => ({
      id: `line-${l.cause_id}`, cause_id: l.cause_id, title: l.title, category: l.category, image: null,
      donation_amount: toDecimalString(l.amount), quantity: l.quantity, line_total: toDecimalString(l.amount * l.quantity), accepts_donations: true,
    }));
    const total = [...lines(id).values()].reduce((s, l) => s + l.amount * l.quantity, 0);
    return { cart_id: id, items, total_amount: toDecimalString(total) };
  };

  function handle(call: RecordedCall): Response | undefined {
    const path = pathname(call);
    const body = (call.body ?? {}) as Record<string, unknown>;
    let match: RegExpExecArray | null;
    if (call.method === 'GET' && path === '/api/cart/') return json(200, answer(cartFor(call, null)));
    if (call.method === 'GET' && (match = /^\/api\/cart\/([^/]+)\/$/.exec(path)) && !['add', 'update', 'remove'].includes(match[1])) {
      return json(200, answer(cartFor(call, match[1])));
    }
    if (call.method === 'POST' && path === '/api/cart/add/') {
      const id = cartFor(call, body.cart_id as string);
      const cause = String(body.cause_id);
      const existing = lines(id).get(cause);
      const amount = parseAmount(body.donation_amount) ?? 0;
      const quantity = Number(body.quantity ?? 1);
      lines(id).set(cause, existing
        ? { ...existing, amount, quantity: existing.quantity + quantity }
        : { cause_id: cause, title: options.titles?.[cause] ?? `Cause ${cause}`, category: 'Medical', amount, quantity });
      const cart = answer(id);
      return json(200, { ...cart, item: cart.items.find((i) => i.cause_id === cause) ?? null });
    }
    if (call.method === 'PATCH' && (match = /^\/api\/cart\/update\/([^/]+)\/$/.exec(path))) {
      const id = cartFor(call, body.cart_id as string);
      const line = lines(id).get(match[1]);
      const quantity = Number(body.quantity);
      if (!line && quantity > 0) return json(404, { detail: 'This item is not in the cart.', code: 'not_found' });
      if (quantity === 0) lines(id).delete(match[1]);
      else lines(id).set(match[1], { ...line!, quantity });
      return json(200, { ...answer(id), item: null });
    }
    if (call.method === 'DELETE' && (match = /^\/api\/cart\/remove\/([^/]+)\/$/.exec(path))) {
      const id = cartFor(call, body.cart_id as string);
      lines(id).delete(match[1]);
      return json(200, answer(id));
    }
    return undefined;
  }

  return {
    carts,
    calls,
    /** Seeds a server line directly (as if another device had added it). */
    seed(cartId: string, line: Omit<ServerLine, 'amount'> & { amount: string }) {
      lines(cartId).set(line.cause_id, { ...line, amount: parseAmount(line.amount) ?? 0 });
    },
    answer,
    /** Like the real server, a repeated Idempotency-Key gets the first answer and changes nothing. */
    handle: (call: RecordedCall) => {
      calls.push(call);
      const key = call.headers['idempotency-key'];
      if (key && seen.has(key)) return seen.get(key)!.clone();
      const response = handle(call);
      if (key && response) seen.set(key, response.clone());
      return response;
    },
  };
}

/** Routes the outbox's own fetch (it uses the global one) to the same handler as the page's. */
export function stubGlobalFetch(handler: (call: RecordedCall) => Response | undefined | Promise<Response | undefined>) {
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    let body: unknown = init.body;
    if (typeof body === 'string') {
      try {
        body = JSON.parse(body);
      } catch {
        // text
      }
    }
    const response = await handler({ url: String(input), method: init.method ?? 'GET', headers, body });
    if (!response) throw new TypeError('Failed to fetch');
    return response;
  });
}

/** Stops the page outbox (if a test or a cart edit started it) and empties the tables giving uses. */
export async function resetGivingState(): Promise<void> {
  if (getOutbox()) startOffline({ refreshAccess: async () => null })();
  await cartSyncSettled();
  const db = getDb();
  await Promise.all([db.cart.clear(), db.outbox.clear(), db.donations.clear(), db.meta.clear(), db.causes.clear()]);
  resetCartSyncForTests();
  vi.unstubAllGlobals();
}
