/**
 * The sandbox provider's side (registered only when PAYMENT_PROVIDER=sandbox): the hosted
 * checkout page and the tester's choice. A choice is recorded once, then announced to our
 * own webhook exactly like Paystack would (signed raw body, full HTTP pipeline through
 * app.inject), then the browser goes to the callback page.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ApiError } from '../../lib/api-error';
import { checkoutPage } from '../../payments/checkout-page';
import { REFERENCE_PATTERN } from '../../payments/reference';
import { paymentStatusUrl } from '../../payments/return-origin';
import { SandboxProvider } from '../../payments/sandbox';
import { errorResponses } from '../shared-schemas';
import { deliverWebhook } from './deliver-webhook';
import momoRoutes from './momo';
import subscriptionRoutes from './subscriptions';
import { english } from '../../lib/localize';

const Params = Type.Object({ reference: Type.String({ maxLength: 100 }) });
const OutcomeBody = Type.Object({
  outcome: Type.Enum(['success', 'failed', 'abandoned']),
  method: Type.Optional(Type.Enum(['card', 'mobile_money'])),
});

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const sandbox = app.payments;
  if (!(sandbox instanceof SandboxProvider)) return;
  await app.register(subscriptionRoutes);

  // HTML forms post urlencoded; only these routes need it, so no global form plugin.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  await app.register(momoRoutes);

  async function load(reference: string) {
    const view = REFERENCE_PATTERN.test(reference) ? await app.repos.payments.view(reference) : null;
    if (!view || view.payment.provider !== 'sandbox') throw new ApiError(404, 'not_found', english('errors.notFound.payment'));
    return view;
  }

  app.get(
    '/checkout/:reference/',
    {
      schema: {
        tags: ['sandbox'],
        summary: 'Test checkout page (HTML); no real money moves',
        params: Params,
        response: { 200: Type.String({ description: 'text/html' }), ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const view = await load(request.params.reference);
      const charge = await sandbox.charge(view.payment.reference);
      const html = checkoutPage({
        reference: view.payment.reference,
        amount: view.payment.amount,
        causes: view.donations.map((d) => ({ title: d.causeTitle, amount: d.amount })),
        // A cancelled checkout can still be paid, as on Paystack: the form comes back, with a note.
        decided: charge?.outcome === 'abandoned' ? null : (charge?.outcome ?? null),
        cancelled: charge?.outcome === 'abandoned',
        statusUrl: paymentStatusUrl(request, view.payment),
      });
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
    },
  );

  app.post(
    '/checkout/:reference/',
    {
      schema: {
        tags: ['sandbox'],
        summary: 'Record the test outcome, send the signed webhook, 303 to the callback (JSON: {redirect})',
        params: Params,
        body: OutcomeBody,
        response: { 200: Type.Object({ redirect: Type.String() }), 303: Type.Null(), ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const { payment } = await load(request.params.reference);
      await sandbox.decide(payment.reference, request.body.outcome, request.body.method ?? null);
      await deliverWebhook(app, request, sandbox, payment);
      // Back where the payment started: our app, or the allowed client that started it (payments.return_origin).
      const redirect = paymentStatusUrl(request, payment);
      if (request.headers['content-type']?.startsWith('application/json')) return { redirect };
      return reply.redirect(redirect, 303);
    },
  );
};

export default routes;
