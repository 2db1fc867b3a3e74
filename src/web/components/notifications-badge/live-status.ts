import { proxy } from 'valtio';

/**
 * The realtime socket's state as the shell shows it (no socket code here, so the badge and the
 * notifications page can read it without loading the client):
 * - idle: not signed in, or the client has not started yet;
 * - connecting / live: opening, then authenticated (`ready` received);
 * - reconnecting: lost, retrying every WS_RECONNECT_DELAY_MS (at most WS_MAX_RECONNECTS times);
 * - offline: the browser says there is no network; waits for 'online' without spending attempts;
 * - stopped: gave up after the last attempt; `reconnect()` (the Reconnect control) starts again.
 */
export type LiveStatus = 'idle' | 'connecting' | 'live' | 'reconnecting' | 'offline' | 'stopped';

export const liveState = proxy<{ status: LiveStatus }>({ status: 'idle' });

/** Set by the realtime client when it starts; a no-op before that. */
export const liveActions: { reconnect: () => void } = { reconnect: () => {} };
