/**
 * The sockets of this process: the /ws protocol (src/shared/realtime-contract.ts) and a
 * Map<userId, Set<socket>> registry. Per socket we keep one small state object and one timer,
 * so thousands of idle phones cost little. Tokens are never logged.
 *
 * 1. The FIRST message must be {"type":"auth","token":…} within authTimeoutMs, else close 4000.
 *    A bad or expired token closes 4001. Success answers {"type":"ready","user_id"}.
 * 2. At the token's exp the socket is closed 4001: the client refreshes and reconnects.
 * 3. {"type":"ping"} → {"type":"pong"}. Protocol pings every heartbeatMs; a socket that missed
 *    the previous one is terminated (half-open connections on mobile networks never close).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import { WS_CLOSE, type ServerMessage } from '../../shared/realtime-contract';

export interface SocketIdentity {
  userId: string;
  /** Token expiry, seconds since the epoch. */
  exp: number;
}

export interface HubOptions {
  /** Throws for an invalid or expired token. */
  verify(token: string): Promise<SocketIdentity>;
  authTimeoutMs: number;
  heartbeatMs: number;
  log: FastifyBaseLogger;
}

interface SocketState {
  userId: string | null;
  alive: boolean;
  /** The auth deadline, then the token-expiry deadline. */
  timer: NodeJS.Timeout | null;
  /** Messages are handled one after another (auth verification is async). */
  queue: Promise<void>;
}

const OPEN = 1;
/** A socket this far behind on reading is not a phone we can help: drop it. */
const MAX_BUFFERED_BYTES = 1024 * 1024;
/** setTimeout's ceiling (~24.8 days). */
const MAX_TIMER_MS = 2 ** 31 - 1;

export class SocketHub {
  private readonly states = new Map<WebSocket, SocketState>();
  private readonly byUser = new Map<string, Set<WebSocket>>();
  private readonly heartbeat: NodeJS.Timeout;

  constructor(private readonly options: HubOptions) {
    this.heartbeat = setInterval(() => this.beat(), options.heartbeatMs);
    this.heartbeat.unref();
  }

  /** Sockets of this process, authenticated or not. */
  get size(): number {
    return this.states.size;
  }

  hasUser(userId: string): boolean {
    return this.byUser.has(userId);
  }

  /** Sends to every authenticated socket of the user in this process; returns how many. */
  sendToUser(userId: string, message: ServerMessage): number {
    const sockets = this.byUser.get(userId);
    if (!sockets) return 0;
    const text = JSON.stringify(message);
    let sent = 0;
    for (const socket of sockets) {
      if (socket.readyState !== OPEN) continue;
      if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
        socket.terminate();
        continue;
      }
      socket.send(text);
      sent += 1;
    }
    return sent;
  }

  accept(socket: WebSocket): void {
    const state: SocketState = { userId: null, alive: true, timer: null, queue: Promise.resolve() };
    state.timer = setTimeout(() => socket.close(WS_CLOSE.AUTH_REQUIRED, 'Authentication required'), this.options.authTimeoutMs);
    this.states.set(socket, state);
    socket.on('pong', () => {
      state.alive = true;
    });
    socket.on('message', (data, isBinary) => {
      state.queue = state.queue.then(() => this.handle(socket, state, isBinary ? null : data.toString()))
        .catch((error: Error) => this.options.log.warn({ reason: error.message }, 'socket message failed'));
    });
    socket.on('close', () => this.forget(socket, state));
    // 'close' follows every 'error'; nothing else to do but note it.
    socket.on('error', (error) => this.options.log.debug({ reason: error.message }, 'socket error'));
  }

  /** Stops the heartbeat; @fastify/websocket closes the sockets themselves on app.close(). */
  close(): void {
    clearInterval(this.heartbeat);
    for (const [socket, state] of this.states) this.forget(socket, state);
  }

  private async handle(socket: WebSocket, state: SocketState, text: string | null): Promise<void> {
    if (socket.readyState !== OPEN) return;
    const message = parse(text);
    if (state.userId === null) {
      if (message?.type !== 'auth' || typeof message.token !== 'string' || message.token === '') {
        socket.close(WS_CLOSE.AUTH_REQUIRED, 'Authentication required');
        return;
      }
      await this.authenticate(socket, state, message.token);
      return;
    }
    if (message?.type === 'ping') socket.send(JSON.stringify({ type: 'pong' } satisfies ServerMessage));
    // Anything else (a second auth, unknown types, garbage) is ignored: old clients keep working.
  }

  private async authenticate(socket: WebSocket, state: SocketState, token: string): Promise<void> {
    let identity: SocketIdentity;
    try {
      identity = await this.options.verify(token);
    } catch {
      socket.close(WS_CLOSE.AUTH_EXPIRED, 'Token invalid or expired');
      return;
    }
    // The client may have gone away while the token was checked.
    if (socket.readyState !== OPEN) return;
    if (state.timer) clearTimeout(state.timer);
    state.userId = identity.userId;
    let set = this.byUser.get(identity.userId);
    if (!set) this.byUser.set(identity.userId, (set = new Set()));
    set.add(socket);
    socket.send(JSON.stringify({ type: 'ready', user_id: identity.userId } satisfies ServerMessage));
    const left = identity.exp * 1000 - Date.now();
    state.timer = setTimeout(() => socket.close(WS_CLOSE.AUTH_EXPIRED, 'Token expired'), Math.max(0, Math.min(left, MAX_TIMER_MS)));
    this.options.log.debug({ userId: identity.userId }, 'socket authenticated');
  }

  private forget(socket: WebSocket, state: SocketState): void {
    if (state.timer) clearTimeout(state.timer);
    state.timer = null;
    this.states.delete(socket);
    if (state.userId === null) return;
    const set = this.byUser.get(state.userId);
    set?.delete(socket);
    if (set?.size === 0) this.byUser.delete(state.userId);
  }

  private beat(): void {
    for (const [socket, state] of this.states) {
      if (!state.alive) {
        socket.terminate();
        continue;
      }
      state.alive = false;
      if (socket.readyState === OPEN) socket.ping();
    }
  }
}

function parse(text: string | null): { type?: unknown; token?: unknown } | null {
  if (text === null) return null;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? value as { type?: unknown; token?: unknown } : null;
  } catch {
    return null;
  }
}
