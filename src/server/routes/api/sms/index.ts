/**
 * POST /api/sms/inbound/: replies to our texts, forwarded by the SMS gateway. STOP ends every text to
 * that number (recorded even for a number we never wrote to), START resumes them; anything else is
 * answered 200 and changes nothing, so the gateway does not retry it. Without the shared token: 401;
 * a wrong one, an address outside SMS_INBOUND_ALLOWED_IPS or no SMS_INBOUND_TOKEN set: 403.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { normaliseGhanaMobile } from '../../../../shared/phone';
import { SmsInboundAnswerSchema, SmsInboundBody, SmsInboundQuery, type SmsInboundAnswer } from '../../../../shared/contract/sms';
import { ApiError, validationError, REQUIRED } from '../../../lib/api-error';
import { checkInbound, replyAction, SMS_TOKEN_HEADER } from '../../../sms/inbound';
import { errorResponses } from '../../shared-schemas';
import { english } from '../../../lib/localize';

const FORM_LIMIT = 16 * 1024;

const routes: FastifyPluginAsyncTypebox = async (app) => {
  // Gateways post JSON or a form; only this route needs the form parser.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_LIMIT }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  /** Before the body is read or validated: a caller without the secret learns nothing else. */
  async function gatewayOnly(request: FastifyRequest) {
    const query = request.query as { token?: unknown };
    const header = request.headers[SMS_TOKEN_HEADER];
    const token = typeof header === 'string' && header ? header : typeof query.token === 'string' ? query.token : undefined;
    const check = checkInbound(app.config.sms, token, request.ip);
    if (check === 'missing') throw new ApiError(401, 'not_authenticated', english('errors.gateway.smsOnly'));
    if (check === 'refused') throw new ApiError(403, 'permission_denied', english('errors.gateway.smsOnly'));
  }

  app.post(
    '/inbound/',
    {
      onRequest: gatewayOnly,
      config: { idempotent: false },
      schema: {
        tags: ['sms'],
        summary: 'A reply to our texts from the SMS gateway: STOP ends texts to that number, START resumes them',
        description: `The shared secret SMS_INBOUND_TOKEN goes in \`?token=\` or the \`${SMS_TOKEN_HEADER}\` header. JSON or form body.`,
        consumes: ['application/json', 'application/x-www-form-urlencoded'],
        querystring: SmsInboundQuery,
        body: SmsInboundBody,
        response: { 200: SmsInboundAnswerSchema, ...errorResponses(400, 401, 403, 413, 415) },
      },
    },
    async (request): Promise<SmsInboundAnswer> => {
      const body = request.body;
      const from = body.From ?? body.from;
      if (!from?.trim()) throw validationError({ From: [REQUIRED] });
      const text = body.Content ?? body.content ?? body.Message ?? body.message ?? body.Text ?? body.text ?? '';
      const phone = normaliseGhanaMobile(from);
      const action = replyAction(text);
      if (!phone || !action) {
        return {
          action: 'ignored',
          detail: phone ? 'Not a STOP or START: nothing changed.' : 'Not a Ghana mobile number: nothing changed.',
        };
      }
      if (action === 'stop') {
        await app.repos.smsConsent.stop(phone, 'sms');
        return { action: 'stopped', detail: 'No more texts go to this number. Reply START to resume.' };
      }
      await app.repos.smsConsent.agree(phone, 'sms');
      return { action: 'started', detail: 'Texts to this number resume.' };
    },
  );
};

export default routes;
