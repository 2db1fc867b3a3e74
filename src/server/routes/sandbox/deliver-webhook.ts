/**
 * The sandbox announces a decided charge to our own webhook exactly like Paystack would: a signed
 * raw body through the full HTTP pipeline (app.inject), which then verifies with the provider.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SandboxProvider } from '../../payments/sandbox';
import { SIGNATURE_HEADER, signBody } from '../../payments/signature';
import type { PaymentRow } from '../../repositories/settlements';

export async function deliverWebhook(app: FastifyInstance, request: FastifyRequest, sandbox: SandboxProvider, payment: PaymentRow) {
  const charge = await sandbox.charge(payment.reference);
  const outcome = charge?.outcome;
  const event = JSON.stringify({
    event: outcome === 'success' ? 'charge.success' : 'charge.failed',
    data: {
      reference: payment.reference,
      status: outcome,
      amount: payment.amount,
      currency: payment.currency,
      channel: charge?.method ?? null,
    },
  });
  const answer = await app.inject({
    method: 'POST',
    url: '/api/payments/webhook/',
    payload: event,
    headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signBody(event, sandbox.webhookSecret) },
  });
  // The donor's page verifies too, so a failed delivery delays nothing but is worth a log line.
  if (answer.statusCode !== 200) request.log.error({ status: answer.statusCode, body: answer.body }, 'Sandbox webhook delivery failed');
}
