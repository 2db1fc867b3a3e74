/**
 * GET /ws: the realtime socket (protocol in realtime/hub.ts and src/shared/realtime-contract.ts).
 * The token travels in the first message, never in the URL, which proxies and our own request
 * log record. A plain HTTP GET gets a JSON error rather than an empty 404.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiError } from '../../lib/api-error';
import { errorResponses } from '../shared-schemas';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    method: 'GET',
    url: '/ws',
    schema: {
      tags: ['realtime'],
      summary: 'WebSocket: live notifications',
      description: 'Upgrade to a WebSocket, then send {"type":"auth","token":"<access token>"} within 10 s. '
        + 'Answers {"type":"ready","user_id"}, then {"type":"notification",…} as they happen; {"type":"ping"} → {"type":"pong"}. '
        + 'Close 4000: no/malformed auth message; 4001: token invalid or expired (refresh it and reconnect).',
      response: errorResponses(426),
    },
    handler: async () => {
      throw new ApiError(426, 'validation_error', 'This address only accepts WebSocket connections.', undefined, { upgrade: 'websocket' });
    },
    wsHandler: (socket) => app.realtime.hub.accept(socket),
  });
};

export default routes;
