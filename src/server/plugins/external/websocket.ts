/** @fastify/websocket on the app's own port; routes opt in with `wsHandler` (see routes/ws). */
import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { WS_CLOSE } from '../../../shared/socket';

/**
 * When the app closes (a deploy's SIGTERM, after the drain): every socket is told to reconnect
 * (close 1012, which our PWA answers by opening a new socket at once, through the load balancer to
 * a process that is not going away), and upgrades that still arrive are refused with 503.
 */
function closeWithReconnectHint(this: FastifyInstance, done: () => void): void {
  for (const client of this.websocketServer.clients) client.close(WS_CLOSE.SERVICE_RESTART, 'Server restarting; reconnect');
  this.websocketServer.close();
  done();
}

export default fp(
  async (app) => {
    // Clients only ever send tiny JSON ({"type":"auth"|"ping"}); anything larger is abuse (ws closes 1009).
    await app.register(websocket, { options: { maxPayload: 8 * 1024 }, preClose: closeWithReconnectHint });
  },
  { name: 'websocket' },
);
