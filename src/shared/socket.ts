/**
 * The socket at /ws (spec §9): close codes and reconnect pacing. Plain values, no imports; the
 * messages it carries are typed in src/shared/contract/realtime.ts.
 */

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
  /**
   * This server process is shutting down for a deploy (the standard "Service Restart" code): reconnect
   * at once, not as an outage; the load balancer sends the new socket to a process that stays.
   */
  SERVICE_RESTART: 1012,
} as const;

/** After SERVICE_RESTART, the new socket opens after a random wait below this, so a drained process's clients do not all reconnect in one instant. */
export const WS_RESTART_SPREAD_MS = 1000;

/** Spec §9: reconnect at most 5 times, 2000 ms apart. */
export const WS_MAX_RECONNECTS = 5;
export const WS_RECONNECT_DELAY_MS = 2000;
