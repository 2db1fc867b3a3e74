/**
 * The socket at /ws and Web Push (spec §3 realtime message, §4, §9).
 * The client authenticates with its FIRST message (never the URL, which lands in logs).
 */
import type { Static } from 'typebox';
import type { NotificationSchema } from './contract/account';
import type { PushPublicKeySchema, PushSubscribeBody } from './contract/push';

export type ClientMessage = { type: 'auth'; token: string } | { type: 'ping' };

export type ServerMessage =
  | { type: 'ready'; user_id: string }
  | { type: 'pong' }
  /** Spec §3: type 'notification', id, message, cause (the cause's title) + the rest of the row, as GET /api/notifications/ lists it. */
  | ({ type: 'notification' } & Static<typeof NotificationSchema>);

/**
 * Close codes: the client refreshes its token and reconnects on AUTH_EXPIRED. A socket that never
 * authenticates stays open as a guest (it gets public messages only, and there are none yet);
 * it may send its auth message at any time.
 */
export const WS_CLOSE = {
  /** An auth message without a token. */
  AUTH_REQUIRED: 4000,
  /** The access token was invalid or has expired (also sent when it expires mid-connection). */
  AUTH_EXPIRED: 4001,
  /** This server already holds as many guest sockets as it keeps, and this one did not authenticate in time. */
  TRY_AGAIN_LATER: 1013,
} as const;

/** Spec §9: reconnect at most 5 times, 2000 ms apart. */
export const WS_MAX_RECONNECTS = 5;
export const WS_RECONNECT_DELAY_MS = 2000;

/** GET /api/push/public-key/ */
export type PushPublicKey = Static<typeof PushPublicKeySchema>;
/** POST /api/push/subscribe/ — the browser's PushSubscription.toJSON(). */
export type PushSubscribeRequest = Static<typeof PushSubscribeBody>;
