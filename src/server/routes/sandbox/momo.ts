/**
 * The sandbox's mobile money side (issue #30), registered only with PAYMENT_PROVIDER=sandbox:
 * GET /sandbox/phone/{number} is the donor's phone (prompts waiting, Approve / Decline), and
 * POST /sandbox/momo/{reference}/ {outcome: approve | decline | timeout} is the network's answer,
 * for the phone page's forms and for scripts and tests. A decision is recorded once (sandbox_charges)
 * and announced to our webhook like Paystack would (deliver-webhook.ts), so it settles through the
 * same verify → settlePayment path as a real provider.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { normaliseGhanaMobile } from '../../../shared/phone';
import { ApiError } from '../../lib/api-error';
import { DECLINED, TIMED_OUT } from '../../payments/paystack-charge';
import { REFERENCE_PATTERN } from '../../payments/reference';
import { SandboxProvider } from '../../payments/sandbox';
import { phonePage } from '../../payments/sandbox-phone-page';
import { errorResponses } from '../shared-schemas';
import { deliverWebhook } from './deliver-webhook';
import { english } from '../../lib/localize';

const PhoneParams = Type.Object({ number: Type.String({ maxLength: 30 }) });
const ReferenceParams = Type.Object({ reference: Type.String({ maxLength: 100 }) });
const MomoBody = Type.Object({ outcome: Type.Enum(['approve', 'decline', 'timeout']) });
const MomoAnswer = Type.Object({ reference: Type.String(), status: Type.Enum(['success', 'failed']) });

const NOT_OPEN = english('errors.sandbox.notOpen');

const routes: FastifyPluginAsyncTypebox = async (app) => {
  if (!(app.payments instanceof SandboxProvider)) return;
  const sandbox: SandboxProvider = app.payments;

  /** A prompt the server still waits on; one it gave up (a newer prompt of the same gift was paid) is withdrawn. */
  async function open(reference: string) {
    const payment = REFERENCE_PATTERN.test(reference) ? await app.repos.payments.findByReference(reference) : null;
    const charge = payment ? await sandbox.charge(reference) : null;
    if (!payment || payment.provider !== 'sandbox' || !charge?.phone)
      throw new ApiError(404, 'not_found', english('errors.sandbox.promptNotFound'));
    return { payment, charge, live: payment.status === 'pending' && !charge.outcome };
  }

  app.get(
    '/phone/:number',
    {
      schema: {
        tags: ['sandbox'],
        summary: 'Test phone (HTML): the mobile money prompts waiting for this number, with Approve and Decline',
        params: PhoneParams,
        response: { 200: Type.String({ description: 'text/html' }), ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const phone = normaliseGhanaMobile(request.params.number);
      if (!phone) throw new ApiError(404, 'not_found', english('errors.sandbox.notGhanaMobile'));
      const prompts = [];
      for (const charge of await app.repos.sandbox.waitingPrompts(phone)) {
        const payment = await app.repos.payments.findByReference(charge.reference);
        if (payment?.status === 'pending') prompts.push({ reference: charge.reference, amount: charge.amount, otp: charge.otp });
      }
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(phonePage(phone, prompts));
    },
  );

  app.post(
    '/momo/:reference/',
    {
      schema: {
        tags: ['sandbox'],
        summary: "The network's answer to a prompt: approve, decline or timeout (forms: 303 back to the phone)",
        params: ReferenceParams,
        body: MomoBody,
        response: { 200: MomoAnswer, 303: Type.Null(), ...errorResponses(400, 404, 409) },
      },
    },
    async (request, reply) => {
      const { payment, charge, live } = await open(request.params.reference);
      if (!live) throw new ApiError(409, 'conflict', NOT_OPEN);
      const { outcome } = request.body;
      // A prompt waiting for a code is paid by typing it in the app, not by approving here.
      if (outcome === 'approve' && charge.otp) throw new ApiError(409, 'conflict', english('errors.sandbox.waitsForCode'));
      if (outcome === 'approve') await sandbox.decide(payment.reference, 'success', 'mobile_money');
      else await sandbox.decide(payment.reference, 'failed', 'mobile_money', outcome === 'decline' ? DECLINED : TIMED_OUT);
      await deliverWebhook(app, request, sandbox, payment);
      const decided = (await sandbox.charge(payment.reference))?.outcome === 'success' ? ('success' as const) : ('failed' as const);
      if (request.headers['content-type']?.startsWith('application/json')) return { reference: payment.reference, status: decided };
      return reply.redirect(`/sandbox/phone/${charge.phone}`, 303);
    },
  );
};

export default routes;
