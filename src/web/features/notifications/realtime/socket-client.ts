import { WS_CLOSE, WS_MAX_RECONNECTS, WS_RECONNECT_DELAY_MS, WS_RESTART_SPREAD_MS } from '../../../../shared/socket';
import type { ClientMessage, ServerMessage } from '../../../../shared/contract/realtime';
import type { LiveStatus } from '../../../components/notifications-badge/live-status';

/** Idle time after which the client sends {type:'ping'} (proxies and mobile NATs drop silent sockets after ~30-60 s). */
export const PING_INTERVAL_MS = 25_000;
/** No answer at all this long after a ping: the connection is dead even if the browser has not noticed. */
export const PONG_TIMEOUT_MS = 10_000;

/** The part of the browser's WebSocket this client uses, so tests can pass a fake class. */
export interface SocketLike {
  readonly readyState: number;
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}
export type SocketFactory = new (url: string) => SocketLike;

export type NotificationMessage = Extract<ServerMessage, { type: 'notification' }>;

export interface RealtimeClientOptions {
  url: string;
  /** The current access token; null means signed out (the client stops). */
  getToken: () => string | null;
  /** POST /api/user/token/refresh/ (single-flight, cross-tab lock): the new access token or null. */
  refreshToken: () => Promise<string | null>;
  onNotification: (message: NotificationMessage) => void;
  /** After every successful (re)connect: fetch what arrived while the socket was down. */
  onConnected: () => void;
  onStatus: (status: LiveStatus) => void;
  /** Once per outage (spec §8 'WebSocket error'), not once per attempt. */
  onOutageError: () => void;
  WebSocket?: SocketFactory;
  isOnline?: () => boolean;
  maxReconnects?: number;
  reconnectDelayMs?: number;
  /** After a server restart (close 1012) the socket reopens after a random wait below this. */
  restartSpreadMs?: number;
}

/**
 * The realtime socket (spec §4, §9): auth by first message, ping when idle, reconnect at most
 * WS_MAX_RECONNECTS times WS_RECONNECT_DELAY_MS apart, then stop until `reconnect()` (the user's
 * Reconnect control, the browser's 'online' event or the tab becoming visible), which resets the count.
 * An expired token (close 4001) is refreshed once and the socket reopens at once. A server process
 * shutting down for a deploy (close 1012) is no outage: the socket reopens within a second, through
 * the load balancer to another process, without a toast and without spending a reconnect attempt.
 * Timers are plain setTimeout, so tests drive it with fake timers.
 */
export class RealtimeClient {
  private socket: SocketLike | null = null;
  private status: LiveStatus = 'idle';
  private attempts = 0;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private pingTimer: ReturnType<typeof setTimeout> | null = null;
  private pongTimer: ReturnType<typeof setTimeout> | null = null;
  /** Set when this outage's 'WebSocket error' toast was shown; cleared when the socket is live again. */
  private outageReported = false;
  /** The token was already refreshed for this outage: a second 4001 counts as a normal failure. */
  private refreshedThisOutage = false;
  private running = false;
  private refreshing = false;
  private readonly Socket: SocketFactory;
  private readonly maxReconnects: number;
  private readonly delayMs: number;
  private readonly restartSpreadMs: number;

  constructor(private readonly options: RealtimeClientOptions) {
    this.Socket = options.WebSocket ?? (globalThis.WebSocket as unknown as SocketFactory);
    this.maxReconnects = options.maxReconnects ?? WS_MAX_RECONNECTS;
    this.delayMs = options.reconnectDelayMs ?? WS_RECONNECT_DELAY_MS;
    this.restartSpreadMs = options.restartSpreadMs ?? WS_RESTART_SPREAD_MS;
  }

  get currentStatus(): LiveStatus {
    return this.status;
  }

  /** Opens the socket (idempotent while running). */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.attempts = 0;
    this.open();
  }

  /** Logout or sign-out: closes without reconnecting. */
  stop(): void {
    this.running = false;
    this.clearTimers();
    this.drop(1000, 'signed out');
    this.attempts = 0;
    this.outageReported = false;
    this.refreshedThisOutage = false;
    this.setStatus('idle');
  }

  /**
   * Try again now with a fresh count. Used by the Reconnect control, 'online' and visibility.
   * A live or opening socket is left alone.
   */
  reconnect(): void {
    if (!this.running || this.status === 'live') return;
    this.attempts = 0;
    // An attempt (or the token refresh) is in flight: if it fails, the fresh count applies.
    if (this.socket || this.refreshing) return;
    this.clearTimers();
    this.open();
  }

  private setStatus(status: LiveStatus): void {
    if (this.status === status) return;
    this.status = status;
    this.options.onStatus(status);
  }

  private open(): void {
    if (!this.options.getToken()) {
      this.stop();
      return;
    }
    this.drop(1000, 'reopening');
    this.setStatus(this.attempts === 0 ? 'connecting' : 'reconnecting');
    let socket: SocketLike;
    try {
      socket = new this.Socket(this.options.url);
    } catch {
      this.lost(false);
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      if (this.socket !== socket) return;
      const token = this.options.getToken();
      if (!token) {
        this.stop();
        return;
      }
      // Auth is the FIRST message, never the URL (URLs end up in proxy and server logs).
      this.send({ type: 'auth', token });
    };
    socket.onmessage = (event) => {
      if (this.socket !== socket) return;
      this.armPing();
      let message: ServerMessage;
      try {
        message = JSON.parse(String(event.data)) as ServerMessage;
      } catch {
        return;
      }
      if (message.type === 'ready') {
        this.attempts = 0;
        this.outageReported = false;
        this.refreshedThisOutage = false;
        this.setStatus('live');
        this.options.onConnected();
      } else if (message.type === 'notification') {
        this.options.onNotification(message);
      }
    };
    socket.onerror = () => {
      if (this.socket !== socket) return;
      this.reportOutage();
    };
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.clearPing();
      void this.onClosed(event.code);
    };
  }

  private async onClosed(code: number): Promise<void> {
    if (!this.running) return;
    if (code === WS_CLOSE.SERVICE_RESTART) {
      this.setStatus('reconnecting');
      this.retryTimer = setTimeout(
        () => {
          this.retryTimer = null;
          this.open();
        },
        Math.floor(Math.random() * this.restartSpreadMs),
      );
      return;
    }
    if (code === WS_CLOSE.AUTH_EXPIRED && !this.refreshedThisOutage) {
      // The access token expired (or was refused): refresh it once and reopen at once.
      this.refreshedThisOutage = true;
      this.refreshing = true;
      const token = await this.options.refreshToken().catch(() => null);
      this.refreshing = false;
      if (!this.running) return;
      if (token) {
        this.open();
        return;
      }
    }
    this.lost(code !== 1000);
  }

  /** The socket is gone: retry after the delay, or give up after the last attempt. */
  private lost(abnormal: boolean): void {
    if (!this.running) return;
    if (abnormal && this.status === 'live') this.reportOutage();
    if (this.options.isOnline && !this.options.isOnline()) {
      // No network: attempts would only burn the budget. The 'online' event calls reconnect().
      this.setStatus('offline');
      return;
    }
    if (this.attempts >= this.maxReconnects) {
      this.setStatus('stopped');
      return;
    }
    this.attempts += 1;
    this.setStatus('reconnecting');
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.open();
    }, this.delayMs);
  }

  private reportOutage(): void {
    if (this.outageReported) return;
    this.outageReported = true;
    this.options.onOutageError();
  }

  private send(message: ClientMessage): void {
    try {
      this.socket?.send(JSON.stringify(message));
    } catch {
      // closing; onclose follows
    }
    this.armPing();
  }

  /** Any traffic postpones the ping; after PING_INTERVAL_MS of silence, ping and expect an answer. */
  private armPing(): void {
    this.clearPing();
    this.pingTimer = setTimeout(() => {
      this.pingTimer = null;
      if (!this.socket || this.status !== 'live') return;
      this.send({ type: 'ping' });
      this.pongTimer = setTimeout(() => {
        // Half-open connection (common on mobile networks): treat it as lost.
        this.drop(4002, 'no pong');
        this.lost(true);
      }, PONG_TIMEOUT_MS);
    }, PING_INTERVAL_MS);
  }

  private clearPing(): void {
    if (this.pingTimer) clearTimeout(this.pingTimer);
    if (this.pongTimer) clearTimeout(this.pongTimer);
    this.pingTimer = null;
    this.pongTimer = null;
  }

  private clearTimers(): void {
    this.clearPing();
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }

  /** Forgets the current socket (its late events are ignored) and closes it. */
  private drop(code: number, reason: string): void {
    const socket = this.socket;
    this.socket = null;
    this.clearPing();
    if (!socket) return;
    socket.onopen = socket.onmessage = socket.onerror = socket.onclose = null;
    try {
      socket.close(code, reason);
    } catch {
      // already closed
    }
  }
}
