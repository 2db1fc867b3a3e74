// The realtime socket client (spec §4, §9) with a fake WebSocket and fake timers: auth first,
// 4001 → one refresh then reconnect, 5 attempts 2000 ms apart then stop, one error per outage,
// reconnect() resets the count, ping when idle.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WS_CLOSE, WS_MAX_RECONNECTS, WS_RECONNECT_DELAY_MS, WS_RESTART_SPREAD_MS } from '../../src/shared/socket';
import type { LiveStatus } from '../../src/web/components/notifications-badge/live-status';
import {
  PING_INTERVAL_MS,
  PONG_TIMEOUT_MS,
  RealtimeClient,
  type NotificationMessage,
} from '../../src/web/features/notifications/realtime/socket-client';
import { socketUrl } from '../../src/web/lib/socket-url';
import { FakeSocket } from './helpers/fake-socket';

function setup(over: { token?: string | null; refresh?: () => Promise<string | null>; online?: () => boolean } = {}) {
  let token: string | null = over.token === undefined ? 'token-1' : over.token;
  const statuses: LiveStatus[] = [];
  const received: NotificationMessage[] = [];
  const onConnected = vi.fn();
  const onOutageError = vi.fn();
  const refreshToken = vi.fn(over.refresh ?? (async () => null));
  const client = new RealtimeClient({
    url: 'ws://app.test/ws',
    getToken: () => token,
    refreshToken,
    onNotification: (m) => received.push(m),
    onConnected,
    onStatus: (s) => statuses.push(s),
    onOutageError,
    WebSocket: FakeSocket,
    isOnline: over.online,
  });
  return { client, statuses, received, onConnected, onOutageError, refreshToken, setToken: (t: string | null) => (token = t) };
}

beforeEach(() => {
  FakeSocket.reset();
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('RealtimeClient', () => {
  it('uses the spec constants: 5 reconnects, 2000 ms apart', () => {
    expect(WS_MAX_RECONNECTS).toBe(5);
    expect(WS_RECONNECT_DELAY_MS).toBe(2000);
  });

  it('derives ws/wss from the API base or the page origin', () => {
    expect(socketUrl('', { protocol: 'https:', host: 'boafo.gh' })).toBe('wss://boafo.gh/ws');
    expect(socketUrl('', { protocol: 'http:', host: 'localhost:5173' })).toBe('ws://localhost:5173/ws');
    expect(socketUrl('https://api.boafo.gh', { protocol: 'http:', host: 'x' })).toBe('wss://api.boafo.gh/ws');
  });

  it('sends auth with the access token as its first message, and is live only after ready', () => {
    const { client, statuses, onConnected } = setup();
    client.start();
    const socket = FakeSocket.last;
    expect(socket.url).toBe('ws://app.test/ws');
    expect(socket.url).not.toContain('token');
    socket.serverOpen();
    expect(socket.sent).toEqual([{ type: 'auth', token: 'token-1' }]);
    expect(client.currentStatus).toBe('connecting');
    expect(onConnected).not.toHaveBeenCalled();

    socket.serverSend({ type: 'ready', user_id: 'u' });
    expect(client.currentStatus).toBe('live');
    expect(statuses).toEqual(['connecting', 'live']);
    expect(onConnected).toHaveBeenCalledTimes(1);
  });

  it('hands notification messages over', () => {
    const { client, received } = setup();
    client.start();
    FakeSocket.last.serverAccept();
    const message = {
      type: 'notification',
      id: 'n1',
      message: 'Kofi donated',
      title: 'New donation',
      cause: 'Roof',
      cause_id: 'c1',
      cause_title: 'Roof',
      created_at: '2026-01-01T00:00:00.000Z',
      is_read: false,
    };
    FakeSocket.last.serverSend(message);
    expect(received).toEqual([message]);
  });

  it('on close 4001 refreshes the token once and reconnects at once with the new token', async () => {
    const { client, refreshToken, setToken } = setup({
      refresh: async () => {
        setToken('token-2');
        return 'token-2';
      },
    });
    client.start();
    FakeSocket.last.serverAccept();
    FakeSocket.last.serverClose(4001);
    await vi.advanceTimersByTimeAsync(0);

    expect(refreshToken).toHaveBeenCalledTimes(1);
    expect(FakeSocket.instances).toHaveLength(2); // no 2 s wait
    FakeSocket.last.serverOpen();
    expect(FakeSocket.last.sent[0]).toEqual({ type: 'auth', token: 'token-2' });

    // Refused again before ready: no second refresh for this outage, a normal delayed retry instead.
    FakeSocket.last.serverClose(4001);
    await vi.advanceTimersByTimeAsync(0);
    expect(refreshToken).toHaveBeenCalledTimes(1);
    expect(client.currentStatus).toBe('reconnecting');
    expect(FakeSocket.instances).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(WS_RECONNECT_DELAY_MS);
    expect(FakeSocket.instances).toHaveLength(3);
  });

  it('on close 1012 (a server process draining for a deploy) reopens within a second, with no error and no attempt spent', async () => {
    const { client, onOutageError, onConnected } = setup();
    client.start();
    FakeSocket.last.serverAccept();
    // Several deploys in a row: more restarts than the reconnect budget, none of them an outage.
    for (let restart = 1; restart <= WS_MAX_RECONNECTS + 2; restart += 1) {
      FakeSocket.last.serverClose(WS_CLOSE.SERVICE_RESTART);
      expect(client.currentStatus).toBe('reconnecting');
      await vi.advanceTimersByTimeAsync(WS_RESTART_SPREAD_MS);
      expect(FakeSocket.instances).toHaveLength(restart + 1);
      FakeSocket.last.serverAccept();
      expect(client.currentStatus).toBe('live');
    }
    expect(onOutageError).not.toHaveBeenCalled();
    // Every reconnect fetches what arrived while the socket was down.
    expect(onConnected).toHaveBeenCalledTimes(WS_MAX_RECONNECTS + 3);
  });

  it('reconnects at most 5 times, 2000 ms apart, then stops', async () => {
    const { client, statuses } = setup();
    client.start();
    FakeSocket.last.serverAccept();
    FakeSocket.last.serverFail();
    expect(client.currentStatus).toBe('reconnecting');

    for (let attempt = 1; attempt <= 5; attempt += 1) {
      await vi.advanceTimersByTimeAsync(WS_RECONNECT_DELAY_MS - 1);
      expect(FakeSocket.instances).toHaveLength(attempt); // not yet
      await vi.advanceTimersByTimeAsync(1);
      expect(FakeSocket.instances).toHaveLength(attempt + 1);
      FakeSocket.last.serverFail();
    }
    expect(client.currentStatus).toBe('stopped');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeSocket.instances).toHaveLength(6); // 1 + 5 reconnects, then nothing
    expect(statuses.at(-1)).toBe('stopped');
  });

  it('reports the error once per outage, not once per attempt', async () => {
    const { client, onOutageError } = setup();
    client.start();
    FakeSocket.last.serverAccept();
    for (let i = 0; i < 6; i += 1) {
      FakeSocket.last.serverFail();
      await vi.advanceTimersByTimeAsync(WS_RECONNECT_DELAY_MS);
    }
    expect(client.currentStatus).toBe('stopped');
    expect(onOutageError).toHaveBeenCalledTimes(1);

    // Back (user pressed Reconnect), then a new outage: one more report.
    client.reconnect();
    FakeSocket.last.serverAccept();
    FakeSocket.last.serverFail();
    await vi.advanceTimersByTimeAsync(WS_RECONNECT_DELAY_MS);
    FakeSocket.last.serverFail();
    expect(onOutageError).toHaveBeenCalledTimes(2);
  });

  it('reconnect() after giving up starts at once with a fresh count of 5', async () => {
    const { client } = setup();
    client.start();
    for (let i = 0; i < 6; i += 1) {
      FakeSocket.last.serverFail();
      await vi.advanceTimersByTimeAsync(WS_RECONNECT_DELAY_MS);
    }
    expect(client.currentStatus).toBe('stopped');
    expect(FakeSocket.instances).toHaveLength(6);

    client.reconnect();
    expect(FakeSocket.instances).toHaveLength(7);
    for (let i = 0; i < 6; i += 1) {
      FakeSocket.last.serverFail();
      await vi.advanceTimersByTimeAsync(WS_RECONNECT_DELAY_MS);
    }
    expect(FakeSocket.instances).toHaveLength(12);
    expect(client.currentStatus).toBe('stopped');
  });

  it('does not spend attempts while the browser is offline', async () => {
    let online = true;
    const { client } = setup({ online: () => online });
    client.start();
    FakeSocket.last.serverAccept();
    online = false;
    FakeSocket.last.serverFail();
    expect(client.currentStatus).toBe('offline');
    await vi.advanceTimersByTimeAsync(30_000);
    expect(FakeSocket.instances).toHaveLength(1);
    online = true;
    client.reconnect();
    expect(FakeSocket.instances).toHaveLength(2);
  });

  it('pings after 25 s of silence and treats a missing answer as a lost connection', async () => {
    const { client } = setup();
    client.start();
    const socket = FakeSocket.last;
    socket.serverAccept();
    await vi.advanceTimersByTimeAsync(PING_INTERVAL_MS - 1);
    expect(socket.sent).toEqual([{ type: 'auth', token: 'token-1' }]);
    await vi.advanceTimersByTimeAsync(1);
    expect(socket.sent.at(-1)).toEqual({ type: 'ping' });

    socket.serverSend({ type: 'pong' }); // answered: stays live, next ping 25 s later
    await vi.advanceTimersByTimeAsync(PONG_TIMEOUT_MS + 1);
    expect(client.currentStatus).toBe('live');
    await vi.advanceTimersByTimeAsync(PING_INTERVAL_MS);
    expect(socket.sent.filter((m) => (m as { type: string }).type === 'ping')).toHaveLength(2);

    await vi.advanceTimersByTimeAsync(PONG_TIMEOUT_MS); // no answer this time
    expect(socket.closedWith?.code).toBe(4002);
    expect(client.currentStatus).toBe('reconnecting');
  });

  it('stop() closes the socket and never reconnects', async () => {
    const { client } = setup();
    client.start();
    const socket = FakeSocket.last;
    socket.serverAccept();
    client.stop();
    expect(socket.closedWith?.code).toBe(1000);
    expect(client.currentStatus).toBe('idle');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeSocket.instances).toHaveLength(1);
  });
});
