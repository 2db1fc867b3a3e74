import { subscribe } from 'valtio';
import { refreshAccessToken } from '../../../lib/api-client';
import { apiBaseUrl } from '../../../lib/api-url';
import { session } from '../../../stores/session-store';
import { toast } from '../../../stores/toast-store';
import { liveActions, liveState } from '../../../components/notifications-badge/live-status';
import { refreshUnreadCount, unreadState } from '../../../components/notifications-badge/unread-count';
import { t } from '../../../lib/i18n';
import { catchUpNotifications, receiveNotification, resetNotifications } from '../notifications-store';
import { socketUrl } from '../../../lib/socket-url';
import { RealtimeClient, type SocketFactory } from './socket-client';
import { backgroundInterval } from '../../../lib/save-data';

/**
 * Loaded lazily by main.tsx after the first render, and only once someone is signed in, so neither the
 * socket code nor Dexie reaches the landing page's JS. Runs the socket while a user is signed in:
 * sign-in (this or another tab) opens it, a change of user reopens it, logout closes it. 'online'
 * and the tab becoming visible retry at once with a fresh count.
 */
export interface StartRealtimeOptions {
  WebSocket?: SocketFactory;
  url?: string;
  refreshAccess?: () => Promise<string | null>;
  /** Tests shorten the spec's 2000 ms. */
  reconnectDelayMs?: number;
  recoveryProbeMs?: number;
}

/** After giving up: how often the unread-count read doubles as a "is the server back?" probe. */
export const RECOVERY_PROBE_MS = 30_000;

let stopCurrent: (() => void) | null = null;

/** Idempotent; returns the stop function (tests call it; the app never stops it). */
export function startRealtime(options: StartRealtimeOptions = {}): () => void {
  if (stopCurrent) return stopCurrent;
  const client = new RealtimeClient({
    url: options.url ?? socketUrl(apiBaseUrl(), window.location),
    getToken: () => session.access,
    refreshToken: options.refreshAccess ?? refreshAccessToken,
    onNotification: ({ type: _type, ...notification }) => receiveNotification(notification),
    onConnected: () => void catchUpNotifications(),
    onStatus: (status) => {
      liveState.status = status;
      watchForRecovery(status === 'stopped');
    },
    onOutageError: () => toast.error(t('notifications.live.socketError')),
    WebSocket: options.WebSocket,
    reconnectDelayMs: options.reconnectDelayMs,
    isOnline: () => navigator.onLine !== false,
  });
  liveActions.reconnect = () => client.reconnect();

  // Given up (5 attempts in 10 s are shorter than a deploy's restart): no more socket attempts, but the
  // unread count is still read every RECOVERY_PROBE_MS, and the first time the server answers the
  // socket reconnects with a fresh count. So a server restart heals by itself within a probe period.
  let probe: ReturnType<typeof setInterval> | null = null;
  function watchForRecovery(on: boolean): void {
    if (!on) {
      if (probe) clearInterval(probe);
      probe = null;
      return;
    }
    probe ??= setInterval(
      () => {
        void refreshUnreadCount().then((answered) => {
          if (answered && liveState.status === 'stopped') client.reconnect();
        });
      },
      options.recoveryProbeMs ?? backgroundInterval(RECOVERY_PROBE_MS),
    ); // longer while saving data (lib/save-data.ts)
  }

  let user = session.user_id;
  const follow = () => {
    if (!session.access) {
      if (user !== null) signedOut();
      user = null;
      client.stop();
      return;
    }
    if (session.user_id !== user) {
      // Another account on this device: nothing of the previous one's stream may reach it.
      client.stop();
      user = session.user_id;
      resetNotifications();
    }
    client.start();
  };
  const stopWatch = subscribe(session, follow);
  const retry = () => client.reconnect();
  const onVisible = () => {
    if (document.visibilityState === 'visible') client.reconnect();
  };
  window.addEventListener('online', retry);
  document.addEventListener('visibilitychange', onVisible);
  follow();

  const stop = () => {
    stopWatch();
    window.removeEventListener('online', retry);
    document.removeEventListener('visibilitychange', onVisible);
    client.stop();
    watchForRecovery(false);
    liveActions.reconnect = () => {};
    stopCurrent = null;
  };
  stopCurrent = stop;
  return stop;
}

/**
 * Logout: the list goes, and so does this browser's push subscription, so a shared phone stops
 * showing the previous user's notifications (the server drops the endpoint when the push service
 * reports it gone). Best effort: no token is left to tell the server directly.
 */
function signedOut(): void {
  resetNotifications();
  unreadState.count = null;
  void navigator.serviceWorker
    ?.getRegistration()
    .then((registration) => registration?.pushManager?.getSubscription())
    .then((subscription) => subscription?.unsubscribe())
    .catch(() => {});
}
