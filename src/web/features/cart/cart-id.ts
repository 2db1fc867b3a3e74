import { STORAGE_KEYS } from '../../lib/storage-keys';

/**
 * The cart's id lives in localStorage under 'cart_id' (spec §3; logout removes it). A guest's
 * first cart edit makes one on the device: the server accepts a new client-made UUID, so an
 * offline cart needs no round trip. The server's answer (its own cart for a signed-in user,
 * after merging the guest cart) replaces it.
 */
function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function readCartId(): string | null {
  return storage()?.getItem(STORAGE_KEYS.cartId) || null;
}

export function storeCartId(id: string): void {
  storage()?.setItem(STORAGE_KEYS.cartId, id);
}

function uuid(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // Non-secure contexts (plain http on a LAN address) lack randomUUID; getRandomValues is still there.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The stored cart id, or a new one stored now. */
export function ensureCartId(): string {
  const existing = readCartId();
  if (existing) return existing;
  const id = uuid();
  storeCartId(id);
  return id;
}
