import type { ServerMessage } from '../../../../shared/contract/realtime';
import { apiBaseUrl } from '../../../lib/api-url';
import { socketUrl } from '../../../lib/socket-url';

export type PaymentMessage = Extract<ServerMessage, { type: 'payment' }>;

/** The part of the browser's WebSocket the watcher uses, so tests can pass their own. */
export interface WatchSocket {
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}
export type WatchSocketFactory = new (url: string) => WatchSocket;

/** Tests replace the factory (jsdom's WebSocket reaches the test server too, but a fake is quicker to drive). */
export const watchSocket: { Factory: WatchSocketFactory | null; url: (() => string) | null } = { Factory: null, url: null };

export interface WatchOptions {
  reference: string;
  onPayment: (message: PaymentMessage) => void;
  /** The socket is gone (or never opened): the caller verifies at once and keeps polling. */
  onClosed: () => void;
  /** The watch was asked for: an outcome settled before it is not sent again, so the caller verifies once. */
  onWatching?: () => void;
}

/**
 * A socket of its own, for as long as one payment is waited on: it asks for the reference's outcome
 * with {type:'watch_payment'} as its first message, which the hub accepts from guests too (no auth:
 * a guest has no token, and a signed-in donor's token could lapse during a three-minute prompt).
 * The notifications socket is separate and lazy (signed-in only); this one never waits for it.
 * Returns the stop function. One reconnect is the caller's business (it polls verify meanwhile).
 */
export function watchPayment({ reference, onPayment, onClosed, onWatching }: WatchOptions): () => void {
  const Factory = watchSocket.Factory ?? (globalThis.WebSocket as unknown as WatchSocketFactory | undefined);
  let stopped = false;
  if (!Factory) {
    queueMicrotask(() => !stopped && onClosed());
    return () => {
      stopped = true;
    };
  }
  let socket: WatchSocket;
  try {
    socket = new Factory(watchSocket.url?.() ?? socketUrl(apiBaseUrl(), window.location));
  } catch {
    queueMicrotask(() => !stopped && onClosed());
    return () => {
      stopped = true;
    };
  }
  socket.onopen = () => {
    try {
      socket.send(JSON.stringify({ type: 'watch_payment', reference }));
    } catch {
      return; // closing: onclose follows
    }
    onWatching?.();
  };
  socket.onmessage = (event) => {
    let message: ServerMessage;
    try {
      message = JSON.parse(String(event.data)) as ServerMessage;
    } catch {
      return;
    }
    if (message.type === 'payment' && message.reference === reference) onPayment(message);
  };
  socket.onclose = () => {
    if (!stopped) onClosed();
  };
  return () => {
    stopped = true;
    socket.onopen = socket.onmessage = socket.onclose = null;
    try {
      socket.close(1000, 'done');
    } catch {
      // already closed
    }
  };
}
