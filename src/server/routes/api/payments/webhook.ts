/**
 * POST /api/payments/webhook/: the provider tells us something happened. We only trust
 * the signature (HMAC-SHA512 of the exact bytes received) and then ask the provider
 * ourselves; the event body never decides an outcome. Encapsulated, so the raw-body JSON
 * parser applies to this route alone.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../../../lib/api-error';
import { jsonTooDeep, TOO_DEEP_BODY } from '../../../lib/input-guard';
import { SIGNATURE_HEADER, validSignature } from '../../../payments/signature';
import { refreshRefunds } from '../../../payments/refunds';
import { refreshPayment } from '../../../payments/service';
import { handleSubscriptionEvent } from '../../../payments/subscription-webhooks';
import { refreshWithdrawal } from '../../../payouts/service';
import { errorResponses } from '../../shared-schemas';
import { WebhookBody, WebhookResponse } from './schemas';
import { english } from '../../../lib/localize';

const rawBodies = new WeakMap<FastifyRequest, Buffer>();

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    rawBodies.set(request, body as Buffer);
    const text = (body as Buffer).toString('utf8');
    // The same nesting limit as every other JSON body (plugins/app/json-body.ts).
    if (jsonTooDeep(text)) {
      done(new ApiError(400, 'validation_error', TOO_DEEP_BODY), undefined);
      return;
    }
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new ApiError(400, 'validation_error', english('errors.request.invalidJson')), undefined);
    }
  });

  app.post(
    '/webhook/',
    {
      // Providers send no Idempotency-Key; settling is idempotent by itself.
      config: { idempotent: false },
      // Before schema validation: an unsigned request learns nothing, not even which fields we expect.
      preValidation: async (request) => {
        const raw = rawBodies.get(request);
        if (!raw || !validSignature(raw, app.payments.webhookSecret, request.headers[SIGNATURE_HEADER])) {
          throw new ApiError(401, 'not_authenticated', english('errors.payment.badSignature'));
        }
      },
      schema: {
        tags: ['payments'],
        summary:
          'Provider webhook (x-paystack-signature required); charge.* re-verify the payment, transfer.* the withdrawal, refund.* the refunds',
        body: WebhookBody,
        response: { 200: WebhookResponse, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const { event, data } = request.body;
      if (event.startsWith('transfer.') && data.reference) {
        // transfer.success/failed/reversed: re-verify our withdrawal's transfer by its reference.
        if (!(await refreshWithdrawal(app, data.reference)))
          request.log.warn({ reference: data.reference, event }, 'Webhook for an unknown transfer reference');
        return { received: true };
      }
      if (event.startsWith('refund.')) {
        // refund.processed/failed/pending: ask the provider about that transaction's pending refunds.
        const reference = data.transaction_reference ?? data.reference;
        if (reference && (await refreshRefunds(app, reference)) === 0)
          request.log.warn({ reference, event }, 'Refund webhook with no pending refund of ours');
        return { received: true };
      }
      if (await handleSubscriptionEvent(app, event, data)) return { received: true };
      if (!event.startsWith('charge.') || !data.reference) return { received: true };
      // Failed/abandoned payments are re-checked too: a late success must still be credited.
      const payment = await refreshPayment(app, data.reference, true);
      if (!payment) request.log.warn({ reference: data.reference, event }, 'Webhook for an unknown payment reference');
      return { received: true };
    },
  );
};

export default routes;
