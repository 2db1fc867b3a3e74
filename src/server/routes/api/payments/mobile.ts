/**
 * A mobile money prompt after it was sent (issue #30): the code the network asked for, where the
 * prompt stands, and a new prompt once the old one is over. Its signed-in donor, or anyone holding a
 * guest payment's reference; someone else's payment is a 404. Logic in payments/mobile-money.ts.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { MobileChargeSchema, MobileOtpBody } from '../../../../shared/contract/mobile-money';
import { ApiError, validationError } from '../../../lib/api-error';
import { chargeStatus, inRequestLanguage, resendPrompt, submitOtp } from '../../../payments/mobile-money';
import { REFERENCE_PATTERN } from '../../../payments/reference';
import { errorResponses } from '../../shared-schemas';
import { ReferenceParams } from './schemas';
import { english } from '../../../lib/localize';

/** Codes and Telecel vouchers are 4 to 8 digits; spaces and dashes people type are dropped. */
const OTP_PATTERN = /^\d{4,8}$/;

function checkReference(reference: string): void {
  if (!REFERENCE_PATTERN.test(reference)) throw new ApiError(404, 'not_found', english('errors.notFound.payment'));
}

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/:reference/otp/',
    {
      schema: {
        tags: ['payments'],
        summary: 'The code or voucher the network sent for a mobile money prompt → what happens next',
        params: ReferenceParams,
        body: MobileOtpBody,
        response: { 200: MobileChargeSchema, ...errorResponses(400, 404, 409, 502) },
      },
    },
    async (request) => {
      const otp = request.body.otp.replace(/[\s-]/g, '');
      if (!OTP_PATTERN.test(otp)) throw validationError({ otp: [english('errors.mobileMoney.badCode')] });
      checkReference(request.params.reference);
      return inRequestLanguage(await submitOtp(app, request, request.params.reference, otp), request);
    },
  );

  app.get(
    '/:reference/mobile/',
    {
      schema: {
        tags: ['payments'],
        summary: 'Where a mobile money prompt stands (after it lapses: asked once more, then "Timed out")',
        params: ReferenceParams,
        response: { 200: MobileChargeSchema, ...errorResponses(404) },
      },
    },
    async (request) => {
      checkReference(request.params.reference);
      return inRequestLanguage(await chargeStatus(app, request, request.params.reference), request);
    },
  );

  app.post(
    '/:reference/resend/',
    {
      schema: {
        tags: ['payments'],
        summary: 'A new mobile money prompt for the same gift, under a new reference, once the old one is over',
        description:
          '409 while the old prompt still waits on the phone. The old payment can still be credited if approved late; ' +
          'then the new one is not (and is not sent if it has not been yet).',
        params: ReferenceParams,
        response: { 200: MobileChargeSchema, ...errorResponses(404, 409, 502) },
      },
    },
    async (request) => {
      checkReference(request.params.reference);
      return inRequestLanguage(await resendPrompt(app, request, request.params.reference), request);
    },
  );
};

export default routes;
