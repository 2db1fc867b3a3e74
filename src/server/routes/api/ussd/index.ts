/**
 * POST /api/ussd/hubtel/ and POST /api/ussd/africastalking/: the USSD gateways' callbacks. Each
 * request is one step of a phone's session; the engine (ussd/engine.ts) answers it from the session
 * row, so any process may take any step. Only the gateway may call (gateway-access.ts). A caller's
 * typing is never an error here: a wrong answer is a screen, and only a malformed request is a 400.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  AfricasTalkingUssdRequestSchema,
  HubtelUssdRequestSchema,
  HubtelUssdResponseSchema,
  UssdGatewayQuery,
} from '../../../../shared/contract/ussd';
import { answerUssd } from '../../../ussd/engine';
import { africasTalkingReply, africasTalkingTurn, hubtelReply, hubtelTurn } from '../../../ussd/gateways';
import { errorResponses } from '../../shared-schemas';
import { checkGatewayAccess } from './gateway-access';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  // Africa's Talking posts a form; only these routes read one.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  app.addHook('onRequest', async (request) => checkGatewayAccess(request, app.config.ussd));

  app.post(
    '/hubtel/',
    {
      schema: {
        tags: ['ussd'],
        summary: "Hubtel Programmable Services' service interaction URL: one step of a USSD session",
        description:
          'The gateway sends its token as `X-Ussd-Token` or `?token=` (USSD_GATEWAY_TOKEN), from an address in USSD_ALLOWED_IPS when set. ' +
          'Answers `Type: response` (show and wait for input) or `release` (show and end).',
        querystring: UssdGatewayQuery,
        body: HubtelUssdRequestSchema,
        response: { 200: HubtelUssdResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const reply = await answerUssd(app, request, hubtelTurn(request.body, app.config.ussd.serviceCode));
      return hubtelReply(request.body, reply);
    },
  );

  app.post(
    '/africastalking/',
    {
      schema: {
        tags: ['ussd'],
        summary: "Africa's Talking USSD callback: one step of a session (form body), answered CON … or END … as plain text",
        description:
          'The gateway sends its token as `X-Ussd-Token` or `?token=` (USSD_GATEWAY_TOKEN), from an address in USSD_ALLOWED_IPS when set.',
        consumes: ['application/x-www-form-urlencoded'],
        querystring: UssdGatewayQuery,
        body: AfricasTalkingUssdRequestSchema,
        response: { 200: Type.String({ description: 'text/plain: "CON <screen>" or "END <screen>"' }), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const answer = await answerUssd(app, request, africasTalkingTurn(request.body));
      return reply.type('text/plain; charset=utf-8').send(africasTalkingReply(answer));
    },
  );
};

export default routes;
