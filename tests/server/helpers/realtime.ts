/** Socket clients for realtime tests: a real listening server, the `ws` client, and event waits (no timing asserts). */
import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import type { ServerMessage } from '../../../src/shared/contract/realtime';

export type NotificationMessage = Extract<ServerMessage, { type: 'notification' }>;

export interface TestSocket {
  ws: WebSocket;
  messages: ServerMessage[];
  pings: number;
  /** Resolves with the close code and reason, whoever closed. */
  closed: Promise<{ code: number; reason: string }>;
  send(value: unknown): void;
  /** The first message (already received or coming) that matches. */
  next<T extends ServerMessage = ServerMessage>(match: (m: ServerMessage) => boolean, timeoutMs?: number): Promise<T>;
  notifications(title?: string): NotificationMessage[];
}

/** Starts listening on a free local port (once per app) and answers the ws:// address of /ws. */
export async function socketUrl(app: FastifyInstance): Promise<string> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  return `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/ws`;
}

/** Polls `check` until it is truthy; fails with `what` after a generous timeout. */
export async function waitFor<T>(what: string, check: () => T | Promise<T>, timeoutMs = 15_000): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export async function openSocket(url: string, options: WebSocket.ClientOptions = {}): Promise<TestSocket> {
  const ws = new WebSocket(url, options);
  const socket: TestSocket = {
    ws,
    messages: [],
    pings: 0,
    closed: new Promise((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() }))),
    send: (value) => ws.send(typeof value === 'string' ? value : JSON.stringify(value)),
    next: (match, timeoutMs) => waitFor('a socket message', () => socket.messages.find(match), timeoutMs) as never,
    notifications: (title) =>
      socket.messages.filter((m): m is NotificationMessage => m.type === 'notification' && (!title || m.title === title)),
  };
  ws.on('message', (data) => socket.messages.push(JSON.parse(data.toString())));
  ws.on('ping', () => {
    socket.pings += 1;
  });
  ws.on('error', () => {});
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return socket;
}

/** Opens a socket, authenticates and waits for `ready`. */
export async function authedSocket(url: string, token: string, options: WebSocket.ClientOptions = {}): Promise<TestSocket> {
  const socket = await openSocket(url, options);
  socket.send({ type: 'auth', token });
  await socket.next((m) => m.type === 'ready');
  return socket;
}

export function closeAll(...sockets: (TestSocket | undefined)[]): void {
  for (const s of sockets) s?.ws.terminate();
}
