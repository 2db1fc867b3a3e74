/**
 * GET /ws: the realtime socket (protocol in realtime/hub.ts and src/shared/contract/realtime.ts).
 * The token travels in the first message, never in the URL, which proxies and our own request
 * log record. A plain HTTP GET gets a JSON error rather than an empty 404.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiError } from '../../lib/api-error';
import { errorResponses } from '../shared-schemas';
import { localeOfRequest } from '../../lib/i18n';
import { english } from '../../lib/localize';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    method: 'GET',
    url: '/ws',
    schema: {
      tags: ['realtime'],
      summary: 'WebSocket: live notifications',
      description:
        'Upgrade to a WebSocket. Until it authenticates the socket is a guest: it stays open and gets public ' +
        'messages only. Send {"type":"auth","token":"<access token>"} (at once, or later) to get your notifications: ' +
        'answers {"type":"ready","user_id"}, then {"type":"notification",…} as they happen; {"type":"ping"} → {"type":"pong"}. ' +
        'Close 4001: token invalid or expired (refresh it and reconnect); 4000: an auth message without a token; ' +
        '1013: the server holds too many guests and this socket did not authenticate within 10 s.',
      response: errorResponses(426),
    },
    handler: async () => {
      throw new ApiError(426, 'validation_error', english('errors.request.websocketOnly'), undefined, { upgrade: 'websocket' });
    },
    wsHandler: (socket, request) => app.realtime.hub.accept(socket, localeOfRequest(request.headers)),
  });
};

export default routes;
