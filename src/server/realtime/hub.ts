/**
 * The sockets of this process: the /ws protocol (src/shared/contract/realtime.ts, src/shared/socket.ts) and a
 * Map<userId, Set<socket>> registry. Per socket we keep one small state object and one timer,
 * so thousands of idle phones cost little. Tokens are never logged.
 *
 * 1. A socket starts as a guest: it stays open without sending anything (spec §7 clients only
 *    listen) and receives public messages only (none exist yet). Its auth message,
 *    {"type":"auth","token":…}, may come at any time: a bad or expired token closes 4001, an auth
 *    message without a token 4000, success answers {"type":"ready","user_id"}. Other messages from
 *    a guest are ignored (ping still answers pong).
 * 2. Guests are bounded per process (maxGuestSockets): beyond that a new socket gets the old
 *    deadline, authenticate within authTimeoutMs or close 1013 (try again later), so idle
 *    connections cannot pile up; the heartbeat below drops dead ones.
 * 3. At the token's exp the socket is closed 4001: the client refreshes and reconnects. A signed-in
 *    socket whose session was signed out (that device, everywhere, a password change; on any process)
 *    is closed 4001 at the next heartbeat: one query per process per heartbeat asks which ended.
 * 4. {"type":"watch_payment","reference"} (guests too): that payment's outcome comes to this socket
 *    (a mobile money prompt's page); a few references per socket at most.
 * 5. {"type":"ping"} → {"type":"pong"}. Protocol pings every heartbeatMs; a socket that missed
 *    the previous one is terminated (half-open connections on mobile networks never close).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import { WS_CLOSE } from '../../shared/socket';
import type { ServerMessage } from '../../shared/contract/realtime';
import { REFERENCE_PATTERN as WATCHABLE } from '../payments/reference';
import type { Locale } from '../../shared/i18n/locales';
import { localizeText } from '../lib/localize';

export interface SocketIdentity {
  userId: string;
  /** The sign-in (user_sessions row) the token belongs to. */
  sessionId: string;
  /** Token expiry, seconds since the epoch. */
  exp: number;
}

export interface HubOptions {
  /** Throws for an invalid or expired token. */
  verify(token: string): Promise<SocketIdentity>;
  /** Of these sessions, the ones signed out since (checked at each heartbeat). */
  endedSessions(sessionIds: string[]): Promise<string[]>;
  /** How long a socket over the guest cap has to authenticate. */
  authTimeoutMs: number;
  heartbeatMs: number;
  /** Unauthenticated sockets kept per process without a deadline. */
  maxGuestSockets: number;
  log: FastifyBaseLogger;
}

interface SocketState {
  userId: string | null;
  sessionId: string | null;
  alive: boolean;
  /** The auth deadline (over the guest cap only), then the token-expiry deadline. */
  timer: NodeJS.Timeout | null;
  /** Messages are handled one after another (auth verification is async). */
  queue: Promise<void>;
  /** Payment references this socket waits on (watch_payment), guest or not; at most MAX_WATCHED. */
  watching: string[];
  /** The language of the request that opened it: a payment's words reach it in that language. */
  locale: Locale;
}

const OPEN = 1;
/** A socket this far behind on reading is not a phone we can help: drop it. */
const MAX_BUFFERED_BYTES = 1024 * 1024;
/** setTimeout's ceiling (~24.8 days). */
const MAX_TIMER_MS = 2 ** 31 - 1;
/** A page waits on one prompt (a resend adds one more); a few leave room without letting a socket grow the map. */
const MAX_WATCHED = 4;

export class SocketHub {
  private readonly states = new Map<WebSocket, SocketState>();
  private readonly byUser = new Map<string, Set<WebSocket>>();
  private readonly byReference = new Map<string, Set<WebSocket>>();
  private readonly heartbeat: NodeJS.Timeout;
  private guestCount = 0;
  /** A heartbeat's session check still running: the next beat does not start another. */
  private checkingSessions = false;

  constructor(private readonly options: HubOptions) {
    this.heartbeat = setInterval(() => this.beat(), options.heartbeatMs);
    this.heartbeat.unref();
  }

  /** Sockets of this process, authenticated or not. */
  get size(): number {
    return this.states.size;
  }

  /** Sockets of this process that have not authenticated. */
  get guests(): number {
    return this.guestCount;
  }

  hasUser(userId: string): boolean {
    return this.byUser.has(userId);
  }

  /**
   * Sends to every authenticated socket of the user in this process; returns how many. A message given as
   * `(locale) => message` is written once per language among those sockets, each getting its own.
   */
  sendToUser(userId: string, message: ServerMessage | ((locale: Locale) => ServerMessage)): number {
    const sockets = this.byUser.get(userId) ?? [];
    if (typeof message !== 'function') return sendEach(sockets, message);
    let sent = 0;
    for (const [locale, group] of this.byLocale(sockets)) sent += sendEach(group, message(locale));
    return sent;
  }

  /**
   * A payment's news: to the donor's sockets (when signed in) and to every socket watching the
   * reference, each socket once. Returns how many got it.
   */
  sendPayment(userId: string | null, reference: string, message: Extract<ServerMessage, { type: 'payment' }>): number {
    const sockets = new Set([...(userId ? (this.byUser.get(userId) ?? []) : []), ...(this.byReference.get(reference) ?? [])]);
    // One copy per language among them: the display text is stored in English (lib/localize.ts).
    let sent = 0;
    for (const [locale, group] of this.byLocale(sockets))
      sent += sendEach(group, { ...message, display_text: localizeText(message.display_text, locale) });
    return sent;
  }

  /** The sockets grouped by the language each was opened in. */
  private byLocale(sockets: Iterable<WebSocket>): Map<Locale, WebSocket[]> {
    const groups = new Map<Locale, WebSocket[]>();
    for (const socket of sockets) {
      const locale = this.states.get(socket)?.locale ?? 'en';
      groups.set(locale, [...(groups.get(locale) ?? []), socket]);
    }
    return groups;
  }

  accept(socket: WebSocket, locale: Locale = 'en'): void {
    const state: SocketState = { userId: null, sessionId: null, alive: true, timer: null, queue: Promise.resolve(), watching: [], locale };
    if (this.guestCount >= this.options.maxGuestSockets) {
      // Full of guests: this one may stay only by authenticating (our PWA does so at once).
      state.timer = setTimeout(
        () => socket.close(WS_CLOSE.TRY_AGAIN_LATER, 'Too many connections, try again later'),
        this.options.authTimeoutMs,
      );
    }
    this.guestCount += 1;
    this.states.set(socket, state);
    socket.on('pong', () => {
      state.alive = true;
    });
    socket.on('message', (data, isBinary) => {
      state.queue = state.queue
        .then(() => this.handle(socket, state, isBinary ? null : data.toString()))
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
    if (state.userId === null && message?.type === 'auth') {
      if (typeof message.token !== 'string' || message.token === '') {
        socket.close(WS_CLOSE.AUTH_REQUIRED, 'Authentication required');
        return;
      }
      await this.authenticate(socket, state, message.token);
      return;
    }
    if (message?.type === 'watch_payment') {
      if (typeof message.reference === 'string' && WATCHABLE.test(message.reference)) this.watch(socket, state, message.reference);
      return;
    }
    if (message?.type === 'ping') {
      // A client that sends pings but never reads the answers must not grow our buffers.
      if (socket.bufferedAmount > MAX_BUFFERED_BYTES) socket.terminate();
      else socket.send(JSON.stringify({ type: 'pong' } satisfies ServerMessage));
    }
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
    // The client may have gone away (or the hub shut down) while the token was checked.
    if (socket.readyState !== OPEN || !this.states.has(socket)) return;
    if (state.timer) clearTimeout(state.timer);
    state.userId = identity.userId;
    state.sessionId = identity.sessionId;
    this.guestCount -= 1;
    let set = this.byUser.get(identity.userId);
    if (!set) this.byUser.set(identity.userId, (set = new Set()));
    set.add(socket);
    socket.send(JSON.stringify({ type: 'ready', user_id: identity.userId } satisfies ServerMessage));
    const left = identity.exp * 1000 - Date.now();
    state.timer = setTimeout(() => socket.close(WS_CLOSE.AUTH_EXPIRED, 'Token expired'), Math.max(0, Math.min(left, MAX_TIMER_MS)));
    this.options.log.debug({ userId: identity.userId }, 'socket authenticated');
  }

  /** The reference is the guest's key to its own payment, as for verify: holding it is enough to hear the outcome. */
  private watch(socket: WebSocket, state: SocketState, reference: string): void {
    if (state.watching.includes(reference)) return;
    if (state.watching.length >= MAX_WATCHED) this.unwatch(socket, state.watching.shift()!);
    state.watching.push(reference);
    let set = this.byReference.get(reference);
    if (!set) this.byReference.set(reference, (set = new Set()));
    set.add(socket);
  }

  private unwatch(socket: WebSocket, reference: string): void {
    const set = this.byReference.get(reference);
    set?.delete(socket);
    if (set?.size === 0) this.byReference.delete(reference);
  }

  private forget(socket: WebSocket, state: SocketState): void {
    if (state.timer) clearTimeout(state.timer);
    state.timer = null;
    if (!this.states.delete(socket)) return;
    for (const reference of state.watching) this.unwatch(socket, reference);
    state.watching = [];
    if (state.userId === null) {
      this.guestCount -= 1;
      return;
    }
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
    void this.closeEndedSessions();
  }

  /** Closes the sockets whose session was signed out, here or on another process (the database knows). */
  private async closeEndedSessions(): Promise<void> {
    if (this.checkingSessions) return;
    const sessionIds = [...new Set([...this.states.values()].flatMap((state) => (state.sessionId ? [state.sessionId] : [])))];
    if (sessionIds.length === 0) return;
    this.checkingSessions = true;
    try {
      const ended = new Set(await this.options.endedSessions(sessionIds));
      for (const [socket, state] of this.states) {
        if (state.sessionId && ended.has(state.sessionId)) socket.close(WS_CLOSE.AUTH_EXPIRED, 'Session ended');
      }
    } catch (error) {
      // The database is away for a moment: the next heartbeat asks again.
      this.options.log.warn({ reason: (error as Error).message }, 'socket session check failed');
    } finally {
      this.checkingSessions = false;
    }
  }
}

type Incoming = { type?: unknown; token?: unknown; reference?: unknown };

function parse(text: string | null): Incoming | null {
  if (text === null) return null;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Incoming) : null;
  } catch {
    return null;
  }
}

/**
 * Sends one message to each open socket; returns how many got it. A socket that stopped reading
 * (a phone that lost signal with a full buffer) is cut instead of growing our memory.
 */
function sendEach(sockets: Iterable<WebSocket>, message: ServerMessage): number {
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
