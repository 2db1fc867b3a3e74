import type { SocketLike } from '../../../src/web/features/notifications/realtime/socket-client';

/**
 * A WebSocket stand-in the realtime client is given instead of the browser's. Every instance is kept
 * in `FakeSocket.instances` (newest last); the test plays the server with serverOpen/serverSend/serverClose.
 */
export class FakeSocket implements SocketLike {
  static instances: FakeSocket[] = [];
  static reset(): void {
    FakeSocket.instances = [];
  }
  static get last(): FakeSocket {
    const socket = FakeSocket.instances.at(-1);
    if (!socket) throw new Error('no socket was opened');
    return socket;
  }

  readyState = 0;
  sent: unknown[] = [];
  closedWith: { code?: number; reason?: string } | null = null;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;

  constructor(readonly url: string) {
    FakeSocket.instances.push(this);
  }

  send(data: string): void {
    if (this.readyState !== 1) throw new Error('InvalidStateError: not open');
    this.sent.push(JSON.parse(data));
  }

  close(code?: number, reason?: string): void {
    this.closedWith = { code, reason };
    this.readyState = 3;
  }

  // ---- the server's side ----
  serverOpen(): void {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }

  /** Opens and answers the auth message with ready. */
  serverAccept(): void {
    this.serverOpen();
    this.serverSend({ type: 'ready', user_id: 'u' });
  }

  serverSend(message: unknown): void {
    this.onmessage?.({ data: JSON.stringify(message) } as MessageEvent);
  }

  serverClose(code: number): void {
    this.readyState = 3;
    this.onclose?.({ code, reason: '', wasClean: code !== 1006 } as CloseEvent);
  }

  /** A failed connection or a dropped one: error, then close 1006, as browsers report it. */
  serverFail(): void {
    this.onerror?.(new Event('error'));
    this.serverClose(1006);
  }
}
