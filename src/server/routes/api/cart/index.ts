/** The cart (spec §7): read, add, change quantity, remove; the batch sync in sync.ts; donate and checkout in giving.ts. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiError, validationError } from '../../../lib/api-error';
import { checkAmount } from '../../../payments/amounts';
import { CART_MAX_QUANTITY } from '../../../repositories/carts';
import { isUuid } from '../../../repositories/search';
import { errorResponses } from '../../shared-schemas';
import { cartAfterGuestReplay, cartAnswer, givableCause, mutationAnswer, resolveCart } from './cart-access';
import givingRoutes from './giving';
import syncRoutes from './sync';
import { CartAddBody, CartMutationSchema, CartRemoveBody, CartSchema, CartUpdateBody } from '../../../../shared/contract/cart';
import { CartIdParams, CartIdQuery, ItemParams } from './schemas';
import { english } from '../../../lib/localize';

const lineNotFound = () => new ApiError(404, 'not_found', english('errors.cart.itemNotInCart'));

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/',
    {
      schema: {
        tags: ['cart'],
        summary: 'Your cart (signed in), or the guest cart ?cart_id= (unknown id → empty cart)',
        querystring: CartIdQuery,
        response: { 200: CartSchema, ...errorResponses(404) },
      },
    },
    async (request) => cartAnswer(app, request, await resolveCart(app, request, request.query.cart_id, false)),
  );

  app.get(
    '/:cart_id/',
    {
      schema: {
        tags: ['cart'],
        summary: 'A cart by id; signed in, a guest cart id is merged into yours',
        params: CartIdParams,
        response: { 200: CartSchema, ...errorResponses(404) },
      },
    },
    async (request) => cartAnswer(app, request, await resolveCart(app, request, request.params.cart_id, false)),
  );

  app.post(
    '/add/',
    {
      config: { afterGuestReplay: cartAfterGuestReplay },
      schema: {
        tags: ['cart'],
        summary: "Add a cause (adds to its line's quantity and sets the new amount)",
        body: CartAddBody,
        response: { 200: CartMutationSchema, ...errorResponses(400, 404, 409, 422) },
      },
    },
    async (request) => {
      const body = request.body;
      const amount = checkAmount(body.donation_amount);
      if (!amount.ok) throw validationError({ donation_amount: [amount.error] });
      await givableCause(app, body.cause_id);
      const cartId = await resolveCart(app, request, body.cart_id, true);
      const lineId = await app.repos.carts.add(cartId, body.cause_id, amount.pesewas, body.quantity ?? 1);
      if (!lineId) throw validationError({ quantity: [english('errors.cart.maxQuantity', { max: CART_MAX_QUANTITY })] });
      return mutationAnswer(app, request, cartId, lineId);
    },
  );

  app.patch(
    '/update/:item/',
    {
      config: { afterGuestReplay: cartAfterGuestReplay },
      schema: {
        tags: ['cart'],
        summary: "Set a line's quantity (item = line id or cause id); 0 removes it",
        params: ItemParams,
        body: CartUpdateBody,
        response: { 200: CartMutationSchema, ...errorResponses(400, 404, 409, 422) },
      },
    },
    async (request) => {
      const { item } = request.params;
      if (!isUuid(item)) throw lineNotFound();
      const cartId = await resolveCart(app, request, request.body.cart_id, false);
      const lineId = await app.repos.carts.setQuantity(cartId, item, request.body.quantity);
      // Removing a line that is already gone is done, not an error (replays from another device's outbox).
      if (!lineId && request.body.quantity > 0) throw lineNotFound();
      return mutationAnswer(app, request, cartId, request.body.quantity === 0 ? null : lineId);
    },
  );

  app.delete(
    '/remove/:item/',
    {
      config: { afterGuestReplay: cartAfterGuestReplay },
      schema: {
        tags: ['cart'],
        summary: 'Remove a line (item = line id or cause id; a missing line is fine); cart_id in body or query',
        params: ItemParams,
        querystring: CartIdQuery,
        body: CartRemoveBody,
        response: { 200: CartSchema, ...errorResponses(400, 404, 409, 422) },
      },
    },
    async (request) => {
      const { item } = request.params;
      if (!isUuid(item)) throw lineNotFound();
      const cartId = await resolveCart(app, request, request.body?.cart_id ?? request.query.cart_id, false);
      // Already gone counts as removed: offline replays must not fail on it.
      await app.repos.carts.remove(cartId, item);
      return cartAnswer(app, request, cartId);
    },
  );

  await app.register(syncRoutes);
  await app.register(givingRoutes);
};

export default routes;
