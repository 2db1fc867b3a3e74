/**
 * Messages on the socket at /ws (spec §3 realtime message, §4, §9); types only. The client
 * authenticates with its FIRST message (never the URL, which lands in logs). Close codes and
 * reconnect pacing: src/shared/socket.ts.
 */
import type { Notification } from './account';
import type { MobileChargeStatus } from './mobile-money';

export type ClientMessage =
  | { type: 'auth'; token: string }
  | { type: 'ping' }
  /** A guest (or anyone) waiting on a mobile money prompt: the payment's outcome comes to this socket. */
  | { type: 'watch_payment'; reference: string };

export type ServerMessage =
  | { type: 'ready'; user_id: string }
  | { type: 'pong' }
  /** Spec §3: type 'notification', id, message, cause (the cause's title) + the rest of the row, as GET /api/notifications/ lists it. */
  | ({ type: 'notification' } & Notification)
  /** A mobile money charge moved on: to the donor's sockets and to sockets watching the reference. */
  | { type: 'payment'; reference: string; status: MobileChargeStatus; display_text: string };
