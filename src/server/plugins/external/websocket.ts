/** @fastify/websocket on the app's own port; routes opt in with `wsHandler` (see routes/ws). */
import websocket from '@fastify/websocket';
import fp from 'fastify-plugin';

export default fp(
  async (app) => {
    // Clients only ever send tiny JSON ({"type":"auth"|"ping"}); anything larger is abuse (ws closes 1009).
    await app.register(websocket, { options: { maxPayload: 8 * 1024 } });
  },
  { name: 'websocket' },
);
