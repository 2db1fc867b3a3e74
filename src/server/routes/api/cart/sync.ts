/**
 * POST /api/cart/sync/: a device's queued cart changes in one round trip. The PWA coalesces
 * offline edits per line (the latest quantity wins) and sends them here with one
 * Idempotency-Key; other clients may keep using add/update/remove one call at a time.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CartSyncBody, CartSyncSchema, type CartSyncRefusal } from '../../../../shared/contract/cart';
import { FieldErrorList, REQUIRED } from '../../../lib/api-error';
import { checkAmount } from '../../../payments/amounts';
import type { SyncLine } from '../../../repositories/carts';
import { errorResponses } from '../../shared-schemas';
import { cartAfterGuestReplay, cartAnswer, NOT_ACCEPTING, resolveCart } from './cart-access';
import { localeOfRequest } from '../../../lib/i18n';
import { english, localizeText } from '../../../lib/localize';

const REFUSAL_DETAIL: Record<CartSyncRefusal['code'], string> = {
  not_accepting: NOT_ACCEPTING,
  not_found: english('errors.notFound.cause'),
};

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/sync/',
    {
      config: { afterGuestReplay: cartAfterGuestReplay },
      schema: {
        tags: ['cart'],
        summary: 'Apply several line changes at once (absolute quantities, 0 removes) and answer the cart',
        description:
          'One database transaction. Lines for causes that are unknown or no longer take donations are ' +
          'refused and listed in `refused`; every other line is applied. Replaying the same body changes nothing.',
        body: CartSyncBody,
        response: { 200: CartSyncSchema, ...errorResponses(400, 404, 409, 422) },
      },
    },
    async (request) => {
      const errors = new FieldErrorList();
      const lines: SyncLine[] = request.body.lines.map((line, i) => {
        if (line.quantity === 0) return { causeId: line.cause_id, quantity: 0, amount: null };
        if (line.donation_amount === undefined) {
          errors.add(`lines.${i}.donation_amount`, REQUIRED);
          return { causeId: line.cause_id, quantity: line.quantity, amount: null };
        }
        const amount = checkAmount(line.donation_amount);
        if (!amount.ok) errors.add(`lines.${i}.donation_amount`, amount.error);
        return { causeId: line.cause_id, quantity: line.quantity, amount: amount.ok ? amount.pesewas : null };
      });
      errors.throwIfAny();
      const cartId = await resolveCart(app, request, request.body.cart_id, true);
      const refused = await app.repos.carts.sync(cartId, lines);
      const cart = await cartAnswer(app, request, cartId);
      return {
        ...cart,
        refused: refused.map((r) => ({
          cause_id: r.causeId,
          code: r.code,
          detail: localizeText(REFUSAL_DETAIL[r.code], localeOfRequest(request.headers)),
        })),
      };
    },
  );
};

export default routes;
