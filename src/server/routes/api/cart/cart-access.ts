/**
 * Which cart a request works on, and the Cart answer. A signed-in caller always works on
 * their own cart; a guest cart id they also send is merged into it first. A cart that
 * belongs to a user is nobody else's business: 404, as if it did not exist.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Cart, CartItem, CartMutationResponse } from '../../../../shared/contract/cart';
import { toDecimalString } from '../../../../shared/money';
import { ApiError, validationError } from '../../../lib/api-error';
import type { CartLine } from '../../../repositories/carts';
import { acceptsDonations, type CauseRow } from '../../../repositories/causes';
import { isUuid } from '../../../repositories/search';
import { siteOrigin } from '../../../lib/site-origin';
import { absoluteImageUrl } from '../../image-fields';
import { imageUrls } from '../user/profile/serialize';
import { english } from '../../../lib/localize';

export const NOT_ACCEPTING = english('errors.cart.notAccepting');
export const cartNotFound = () => new ApiError(404, 'not_found', english('errors.notFound.cart'));
export const causeNotFound = () => new ApiError(404, 'not_found', english('errors.notFound.cause'));

/**
 * The cart id to use. `create`: make the guest cart when it does not exist yet (a write);
 * otherwise an unknown guest id is answered as an empty cart (a fresh device reading).
 */
export async function resolveCart(
  app: FastifyInstance,
  request: FastifyRequest,
  cartId: string | null | undefined,
  create: boolean,
): Promise<string> {
  if (cartId !== undefined && cartId !== null && !isUuid(cartId)) throw cartNotFound();
  const user = await app.optionalUser(request);
  const repo = app.repos.carts;
  if (user) {
    const own = await repo.forUser(user.id);
    if (cartId && cartId !== own.id) {
      const other = await repo.find(cartId);
      if (other?.userId) throw cartNotFound();
      if (other) await repo.mergeGuest(cartId, own.id);
    }
    return own.id;
  }
  if (!cartId) {
    if (!create) return randomUUID();
    const id = randomUUID();
    await repo.ensureGuest(id);
    return id;
  }
  if (create) {
    if (!(await repo.ensureGuest(cartId))) throw cartNotFound();
    return cartId;
  }
  const cart = await repo.find(cartId);
  if (cart?.userId) throw cartNotFound();
  return cartId;
}

/** A cause someone wants to give to: 404 when unknown, 400 when it does not take donations. */
export async function givableCause(app: FastifyInstance, causeId: string, field = 'cause_id'): Promise<CauseRow> {
  const cause = isUuid(causeId) ? await app.repos.causes.find(causeId) : null;
  if (!cause) throw causeNotFound();
  if (!acceptsDonations(cause.status, cause.acceptsDonationsAfterGoal)) throw validationError({ [field]: [NOT_ACCEPTING] });
  return cause;
}

function toItem(line: CartLine, origin: string): CartItem {
  return {
    id: line.id,
    cause_id: line.causeId,
    title: line.title,
    category: line.category,
    image: absoluteImageUrl(origin, imageUrls(line.coverImage).main),
    donation_amount: toDecimalString(line.donationAmount),
    quantity: line.quantity,
    line_total: toDecimalString(line.donationAmount * line.quantity),
    accepts_donations: acceptsDonations(line.status, line.acceptsDonationsAfterGoal),
  };
}

export async function cartAnswer(app: FastifyInstance, request: FastifyRequest, cartId: string): Promise<Cart> {
  const lines = await app.repos.carts.lines(cartId);
  const total = lines.reduce((sum, line) => sum + line.donationAmount * line.quantity, 0);
  const origin = siteOrigin(app, request);
  return { cart_id: cartId, items: lines.map((line) => toItem(line, origin)), total_amount: toDecimalString(total) };
}

/**
 * afterGuestReplay of the cart changes: a change sent as a guest and resent signed in with the same
 * Idempotency-Key already happened in the guest cart. Merge that cart into the account's, as any
 * signed-in call naming it does, and answer the account cart in the guest answer's shape (its
 * `refused`, and its `item` found again by cause), so the phone never shows the old guest cart.
 */
export async function cartAfterGuestReplay(request: FastifyRequest, guestAnswer: { status: number; body: string }): Promise<unknown> {
  const app = request.server;
  const answered = guestAnswer.status === 200 ? (JSON.parse(guestAnswer.body) as Record<string, unknown>) : null;
  const named = (request.body as { cart_id?: string | null } | undefined)?.cart_id ?? (request.query as { cart_id?: string }).cart_id;
  // Without a cart id the guest's call made a cart: its answer says which.
  const guestCart = named ?? (typeof answered?.cart_id === 'string' ? answered.cart_id : undefined);
  let cartId: string;
  try {
    cartId = await resolveCart(app, request, guestCart, false);
  } catch (error) {
    if (error instanceof ApiError) return undefined; // not a cart we may merge: the guest's answer says so already
    throw error;
  }
  if (!answered) return undefined;
  const cart = await cartAnswer(app, request, cartId);
  if (!('item' in answered)) return { ...answered, ...cart };
  const item = answered.item as CartItem | null;
  return { ...answered, ...cart, item: item ? (cart.items.find((line) => line.cause_id === item.cause_id) ?? null) : null };
}

export async function mutationAnswer(
  app: FastifyInstance,
  request: FastifyRequest,
  cartId: string,
  lineId: string | null,
): Promise<CartMutationResponse> {
  const cart = await cartAnswer(app, request, cartId);
  return { ...cart, item: cart.items.find((item) => item.id === lineId) ?? null };
}
