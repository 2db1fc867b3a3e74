/**
 * GET /r/{reference}: the short receipt link a text carries (an SMS has no room for a signed link).
 * A paid payment goes to its receipt PDF under a freshly signed link, anything else to the
 * payment's status page. The reference is already the key to both (GET /api/payments/verify/…
 * answers the same signed path to whoever holds it), so the short link opens nothing new.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ApiError } from '../../lib/api-error';
import { REFERENCE_PATTERN } from '../../payments/reference';
import { errorResponses } from '../shared-schemas';
import { english } from '../../lib/localize';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/:reference',
    {
      schema: {
        tags: ['payments'],
        summary: "A text's short receipt link: 302 to the receipt PDF (paid) or the payment's status page",
        params: Type.Object({ reference: Type.String({ maxLength: 100 }) }),
        response: errorResponses(404),
      },
    },
    async (request, reply) => {
      const { reference } = request.params;
      const view = REFERENCE_PATTERN.test(reference) ? await app.repos.payments.view(reference) : null;
      if (!view) throw new ApiError(404, 'not_found', english('errors.notFound.receipt'));
      reply.header('cache-control', 'private, no-store');
      if (view.payment.status === 'success') return reply.redirect(app.receiptLinks.receiptPath(reference), 302);
      return reply.redirect(`/payment-status?reference=${encodeURIComponent(reference)}`, 302);
    },
  );
};

export default routes;
