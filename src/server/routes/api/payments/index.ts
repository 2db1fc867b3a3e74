/**
 * Payments: start one for an existing pending donation, read (and refresh) an outcome by
 * reference, and the provider's webhook (webhook.ts). Every outcome change goes through
 * settlePayment (payments/settle.ts).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { PaymentStartSchema, type PaymentStart } from '../../../../shared/contract/cart';
import { toDecimalString } from '../../../../shared/money';
import { ApiError, validationError } from '../../../lib/api-error';
import { checkAmount } from '../../../payments/amounts';
import { newPaymentReference, REFERENCE_PATTERN } from '../../../payments/reference';
import { returnOriginOf } from '../../../payments/return-origin';
import { launchPayment, refreshPayment, verificationAnswer } from '../../../payments/service';
import { isUuid } from '../../../repositories/search';
import { errorResponses } from '../../shared-schemas';
import { InitiateBody, PaymentNotCompletedSchema, PaymentPendingSchema, PaymentVerifiedSchema } from '../../../../shared/contract/payments';
import { ReferenceParams } from './schemas';
import mobileRoutes from './mobile';
import webhookRoutes from './webhook';
import { localeOfRequest } from '../../../lib/i18n';
import { english, localizeText } from '../../../lib/localize';

const paymentNotFound = () => new ApiError(404, 'not_found', english('errors.notFound.payment'));
const donationNotFound = () => new ApiError(404, 'not_found', english('errors.notFound.donation'));

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/initiate/',
    {
      schema: {
        tags: ['payments'],
        summary: 'Start paying an existing pending donation of yours (guests: same email)',
        body: InitiateBody,
        response: { 200: PaymentStartSchema, ...errorResponses(400, 404, 409, 422, 502) },
      },
    },
    async (request): Promise<PaymentStart> => {
      const body = request.body;
      const user = await app.optionalUser(request);
      const donation = isUuid(body.donation_id) ? await app.repos.payments.findDonation(body.donation_id) : null;
      const email = body.email?.trim().toLowerCase();
      // Signed in: only your own donation. Guest: a guest donation made with this email. Else it does not exist for you.
      const yours = donation && (user ? donation.donorId === user.id : donation.donorId === null && !!email && donation.email === email);
      if (!donation || !yours) throw donationNotFound();
      if (body.amount !== undefined && body.amount !== null && body.amount !== '') {
        const claimed = checkAmount(body.amount);
        if (!claimed.ok || claimed.pesewas !== donation.amount)
          throw validationError({ amount: [english('errors.payment.amountMismatch')] });
      }
      if (donation.paymentId) {
        // Already being paid: the same checkout again, so one donation never has two live payments.
        const current = await app.repos.payments.findById(donation.paymentId);
        if (current?.status === 'pending' && current.authorizationUrl) {
          return {
            authorization_url: current.authorizationUrl,
            reference: current.reference,
            total_amount: toDecimalString(current.amount),
          };
        }
      }
      if (donation.status !== 'pending' || donation.paymentId) {
        throw new ApiError(409, 'conflict', english('errors.payment.donationNotWaiting'));
      }
      returnOriginOf(app, request); // a return_url we will not send donors to is a 400 before a payment exists
      const payment = await app.repos.payments.attachDonation(
        donation.id,
        {
          reference: newPaymentReference(),
          provider: app.payments.name,
          email: donation.email,
          userId: donation.donorId,
          cartId: null,
          locale: localeOfRequest(request.headers),
        },
        donation.amount,
      );
      if (!payment) throw new ApiError(409, 'conflict', english('errors.payment.donationNotWaiting'));
      return launchPayment(app, request, payment, [donation.id], true);
    },
  );

  app.get(
    '/verify/:reference/',
    {
      schema: {
        tags: ['payments'],
        summary: 'The outcome of a payment (asks the provider while it is pending); the reference is the key',
        description:
          '200 with `message` only for a successful payment. 202 without `message` while it is pending (or flagged ' +
          'for review): ask again later. 402 in the error shape (`code` payment_failed or payment_abandoned, plus `status`) ' +
          'when it failed or was cancelled.',
        params: ReferenceParams,
        response: {
          200: PaymentVerifiedSchema,
          202: PaymentPendingSchema,
          402: PaymentNotCompletedSchema,
          ...errorResponses(404),
        },
      },
    },
    async (request, reply) => {
      const { reference } = request.params;
      if (!REFERENCE_PATTERN.test(reference)) throw paymentNotFound();
      if (!(await refreshPayment(app, reference))) throw paymentNotFound();
      const view = await app.repos.payments.view(reference);
      if (!view) throw paymentNotFound();
      const answer = verificationAnswer(view, app.receiptLinks.receiptPath(reference));
      // verificationAnswer pairs each status code with the body its schema above describes. The detail is in the
      // request's language; `message` stays the spec's English words, which spec clients read as "verified".
      const body = { ...answer.body, detail: localizeText(answer.body.detail, localeOfRequest(request.headers)) };
      return reply.code(answer.statusCode).send(body as never);
    },
  );

  await app.register(webhookRoutes);
  await app.register(mobileRoutes);
};

export default routes;
