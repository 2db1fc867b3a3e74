/**
 * POST /api/admin/ussd/simulate/: the admins' phone simulator (/adminussd). Each call is one step of a
 * session, written exactly as the chosen gateway would send it (Hubtel's JSON with its Sequence, or
 * Africa's Talking's form with every answer so far in `text`), passed through that gateway's adapter
 * and the same engine the gateway routes use, and answered with the screen and both wire messages.
 * Gifts made here are real charges on the typed phone (the sandbox's, unless Paystack is set up).
 */
import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { normaliseGhanaMobile } from '../../../../../shared/phone';
import { UssdSimulateAnswerSchema, UssdSimulateBodySchema, type UssdSimulateAnswer } from '../../../../../shared/contract/ussd';
import { ussdDialString } from '../../../../../shared/ussd';
import { answerUssd } from '../../../../ussd/engine';
import { africasTalkingReply, africasTalkingTurn, hubtelReply, hubtelTurn } from '../../../../ussd/gateways';
import { errorResponses } from '../../../shared-schemas';

/** What the simulator dials when USSD_SERVICE_CODE is not set (a demo: no network routes it). */
export const DEMO_SERVICE_CODE = '*920*44#';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', app.requireAdmin);

  app.post(
    '/simulate/',
    {
      schema: {
        tags: ['admin'],
        security: [{ bearer: [] }],
        summary: 'Play one step of a USSD session through the Hubtel or Africa’s Talking adapter (the phone simulator)',
        body: UssdSimulateBodySchema,
        response: { 200: UssdSimulateAnswerSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request): Promise<UssdSimulateAnswer> => {
      const { gateway, input } = request.body;
      const starting = !request.body.session_id;
      const sessionId = request.body.session_id ?? `sim-${randomBytes(8).toString('hex')}`;
      const serviceCode = app.config.ussd.serviceCode ?? DEMO_SERVICE_CODE;
      const phone = normaliseGhanaMobile(request.body.phone) ?? request.body.phone.replace(/[^\d+]/g, '').slice(0, 20);
      const before = starting ? null : await app.repos.ussd.session(`${gateway}:${sessionId}`);

      if (gateway === 'hubtel') {
        const wire = {
          SessionId: sessionId,
          Type: starting ? 'initiation' : 'response',
          Message: starting ? (input.trim() ? ussdDialString(serviceCode, input.trim()) : serviceCode) : input,
          ServiceCode: serviceCode,
          Operator: 'mtn',
          ClientState: '',
          Mobile: phone.replace(/^\+/, ''),
          Sequence: starting ? 1 : Number(before?.lastKey ?? 1) + 1,
          Platform: 'USSD',
        };
        const reply = await answerUssd(app, request, hubtelTurn(wire, serviceCode));
        return {
          session_id: sessionId,
          screen: reply.text,
          ended: reply.end,
          wire_request: JSON.stringify(wire, null, 2),
          wire_response: JSON.stringify(hubtelReply(wire, reply), null, 2),
          wire_content_type: 'application/json',
        };
      }

      const previous = before?.lastKey ?? '';
      const wire = {
        sessionId,
        serviceCode,
        phoneNumber: phone.startsWith('233') ? `+${phone}` : phone,
        text: starting ? input.trim() : previous ? `${previous}*${input}` : input,
        networkCode: '62001',
      };
      const reply = await answerUssd(app, request, africasTalkingTurn(wire));
      return {
        session_id: sessionId,
        screen: reply.text,
        ended: reply.end,
        wire_request: new URLSearchParams(wire).toString(),
        wire_response: africasTalkingReply(reply),
        wire_content_type: 'text/plain',
      };
    },
  );
};

export default routes;
