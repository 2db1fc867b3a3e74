// /notificationspage with the real route tree, a scripted fetch and the realtime client on a fake
// WebSocket: initial load, live prepends with the toast and the badge, search and empty texts,
// mark read calls, samples only when nothing is saved, catch-up after a reconnect, the Reconnect
// control, 'online'/visibility retries and logout.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Notification } from '../../src/shared/contract/account';
import { getDb } from '../../src/web/features/offline/db';
import { liveState } from '../../src/web/components/notifications-badge/live-status';
import { unreadState } from '../../src/web/components/notifications-badge/unread-count';
import { saveNotifications } from '../../src/web/features/notifications/api/saved-notifications';
import { resetNotifications } from '../../src/web/features/notifications/notifications-store';
import { startRealtime } from '../../src/web/features/notifications/realtime/start-realtime';
import { clearToasts, toastState } from '../../src/web/stores/toast-store';
import { json, type RecordedCall } from './helpers/fake-fetch';
import { FakeSocket } from './helpers/fake-socket';
import { renderRoute, signInAs, signOut } from './helpers/render-route';

const ME = '11111111-1111-4111-8111-111111111111';

function note(id: string, minute: number, over: Partial<Notification> = {}): Notification {
  return {
    id,
    title: `Title ${id}`,
    message: `Message ${id}`,
    kind: 'general',
    cause: null,
    cause_id: null,
    cause_title: null,
    is_read: false,
    created_at: `2026-03-01T10:${String(minute).padStart(2, '0')}:00.000Z`,
    ...over,
  };
}

const PAGE_1 = [
  note('n3', 30, {
    title: 'New donation',
    message: 'Kofi donated GHS 20.00 to "School roof in Tamale"',
    cause: 'School roof in Tamale',
    cause_id: 'c-roof',
    cause_title: 'School roof in Tamale',
  }),
  note('n2', 20, {
    title: 'Cause approved',
    message: 'Your cause is now live',
    cause: 'Clean water for Bolga',
    cause_id: 'c-bolga',
    cause_title: 'Clean water for Bolga',
  }),
  note('n1', 10, { title: 'Welcome', message: 'Welcome to Boafo', is_read: true }),
];

interface Options {
  page1?: Notification[] | 'fail';
  page2?: Notification[];
  since?: (since: string) => Notification[];
  unread?: number;
}

function server(options: Options = {}) {
  return (call: RecordedCall) => {
    const url = new URL(call.url, 'http://app.test');
    if (url.pathname === '/api/notifications/unread-count/') return json(200, { count: options.unread ?? 2 });
    if (url.pathname === '/api/notifications/' && call.method === 'GET') {
      const since = url.searchParams.get('since');
      if (since) return json(200, { count: 0, next: null, previous: null, results: options.since?.(since) ?? [] });
      const page = Number(url.searchParams.get('page') ?? '1');
      if (page === 1) {
        if (options.page1 === 'fail') return json(500, { detail: 'boom', code: 'server_error' });
        const results = options.page1 ?? PAGE_1;
        return json(200, { count: results.length, next: options.page2 ? '/api/notifications/?page=2' : null, previous: null, results });
      }
      return json(200, { count: 0, next: null, previous: null, results: options.page2 ?? [] });
    }
    if (call.method === 'POST' && /^\/api\/notifications\/(read-all|[^/]+\/read)\/$/.test(url.pathname)) return json(200, {});
    return json(404, { detail: 'Not found.', code: 'not_found' });
  };
}

const toasts = () => toastState.toasts.map((t) => `${t.type}:${t.message}`);
const posts = (calls: RecordedCall[]) => calls.filter((c) => c.method === 'POST').map((c) => c.url);
const titles = () =>
  within(document.querySelector('.notification-list') as HTMLElement)
    .getAllByRole('listitem')
    .map((li) => li.querySelector('.notification-item__title')!.textContent);

let stopRealtime: (() => void) | null = null;

async function open(options: Options = {}, withSocket = true) {
  signInAs({ id: ME });
  const result = await renderRoute('/notificationspage', server(options));
  if (withSocket) {
    await act(async () => {
      stopRealtime = startRealtime({
        WebSocket: FakeSocket,
        url: 'ws://app.test/ws',
        reconnectDelayMs: 5,
        refreshAccess: async () => null,
      });
    });
  }
  await screen.findByRole('heading', { level: 1, name: 'Your notifications' });
  return result;
}

beforeEach(() => {
  FakeSocket.reset();
});

afterEach(async () => {
  stopRealtime?.();
  stopRealtime = null;
  clearToasts();
  signOut();
  resetNotifications();
  unreadState.count = null;
  liveState.status = 'idle';
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => true });
  await getDb().notifications.clear();
});

describe('/notificationspage', () => {
  it('loads page 1 as a list with unread markers, then prepends live notifications with the toast and badge', async () => {
    const { calls } = await open();
    await waitFor(() => expect(titles()).toEqual(['Unread: New donation', 'Unread: Cause approved', 'Welcome']));
    expect(calls.some((c) => c.url === '/api/notifications/?page=1')).toBe(true);
    expect(document.querySelectorAll('.notification-item.is-unread')).toHaveLength(2);
    await waitFor(() => expect(screen.getByRole('link', { name: 'Notifications, 2 unread' })).toBeTruthy());

    // The socket: auth first, then ready.
    const socket = FakeSocket.last;
    act(() => socket.serverOpen());
    expect(socket.sent[0]).toEqual({ type: 'auth', token: expect.any(String) });
    act(() => socket.serverSend({ type: 'ready', user_id: ME }));
    expect(await screen.findByText('Live updates on')).toBeTruthy();
    // Connected: the catch-up read (nothing new) and the badge's re-read finish first.
    await waitFor(() => expect(calls.some((c) => c.url.startsWith('/api/notifications/?since='))).toBe(true));
    await waitFor(() => expect(calls.filter((c) => c.url === '/api/notifications/unread-count/')).toHaveLength(2));

    act(() =>
      socket.serverSend({
        type: 'notification',
        ...note('n4', 40, {
          title: 'Goal reached',
          message: 'Your cause reached its goal',
          cause: 'School roof in Tamale',
          cause_id: 'c-roof',
          cause_title: 'School roof in Tamale',
        }),
      }),
    );
    await waitFor(() => expect(titles()[0]).toBe('Unread: Goal reached'));
    expect(titles()).toHaveLength(4);
    expect(toasts()).toContain('info:New notification received');
    await waitFor(() => expect(screen.getByRole('link', { name: 'Notifications, 3 unread' })).toBeTruthy());
    // Announced politely, and saved on the device.
    expect(document.querySelector('[aria-live="polite"].visually-hidden')!.textContent).toBe(
      'New notification: Goal reached. Your cause reached its goal',
    );
    await waitFor(async () => expect((await getDb().notifications.get('n4'))?._owner).toBe(ME));

    // The same message again (a duplicate delivery) adds nothing: once the message after it is
    // shown, the duplicate has been handled.
    act(() => socket.serverSend({ type: 'notification', ...note('n4', 40, { title: 'Goal reached' }) }));
    act(() => socket.serverSend({ type: 'notification', ...note('n5', 50, { title: 'Thank you' }) }));
    await waitFor(() => expect(titles()[0]).toBe('Unread: Thank you'));
    expect(titles()).toHaveLength(5);
    expect(titles().filter((t) => t === 'Unread: Goal reached')).toHaveLength(1);
    await waitFor(() => expect(screen.getByRole('link', { name: 'Notifications, 4 unread' })).toBeTruthy());
    expect(toasts().filter((t) => t === 'info:New notification received')).toHaveLength(2);
  });

  it('searches message, title and cause title, with the spec empty texts', async () => {
    await open({}, false);
    await waitFor(() => expect(titles()).toHaveLength(3));
    const search = screen.getByLabelText('Search notifications');

    fireEvent.change(search, { target: { value: 'kofi' } }); // message
    expect(titles()).toEqual(['Unread: New donation']);
    fireEvent.change(search, { target: { value: 'BOLGA' } }); // cause title
    expect(titles()).toEqual(['Unread: Cause approved']);
    fireEvent.change(search, { target: { value: 'welcome' } }); // title
    expect(titles()).toEqual(['Welcome']);
    fireEvent.change(search, { target: { value: 'zzz' } });
    expect(screen.getByText('No notifications found for "zzz"')).toBeTruthy();
    expect(document.querySelector('.notification-list')).toBeNull();
  });

  it('says "No notifications yet." when there are none', async () => {
    await open({ page1: [] }, false);
    expect(await screen.findByText('No notifications yet.')).toBeTruthy();
  });

  it('marks one read (button), marks all read, and opening one with a cause marks it read too', async () => {
    const { calls, router } = await open({}, false);
    await waitFor(() => expect(titles()).toHaveLength(3));
    await waitFor(() => expect(screen.getByRole('link', { name: 'Notifications, 2 unread' })).toBeTruthy());

    fireEvent.click(screen.getByRole('button', { name: 'Mark "Cause approved" as read' }));
    await waitFor(() => expect(titles()).toEqual(['Unread: New donation', 'Cause approved', 'Welcome']));
    await waitFor(() => expect(posts(calls)).toEqual(['/api/notifications/n2/read/']));
    await waitFor(() => expect(screen.getByRole('link', { name: 'Notifications, 1 unread' })).toBeTruthy());
    await waitFor(async () => expect((await getDb().notifications.get('n2'))?.is_read).toBe(true));

    fireEvent.click(screen.getByRole('link', { name: 'Unread: New donation' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/causes/c-roof'));
    await waitFor(() => expect(posts(calls)).toEqual(['/api/notifications/n2/read/', '/api/notifications/n3/read/']));
  });

  it('Mark all as read calls read-all and clears every marker', async () => {
    const { calls } = await open({}, false);
    await waitFor(() => expect(titles()).toHaveLength(3));
    fireEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(titles()).toEqual(['New donation', 'Cause approved', 'Welcome']));
    await waitFor(() => expect(posts(calls)).toEqual(['/api/notifications/read-all/']));
    expect((screen.getByRole('button', { name: 'Mark all as read' }) as HTMLButtonElement).disabled).toBe(true);
    await waitFor(() => expect(screen.getByRole('link', { name: 'Notifications, 0 unread' })).toBeTruthy());
  });

  it('Load more reads the next page', async () => {
    const { calls } = await open({ page2: [note('old', 1, { title: 'Older one', is_read: true })] }, false);
    await waitFor(() => expect(titles()).toHaveLength(3));
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(titles().at(-1)).toBe('Older one'));
    expect(calls.some((c) => c.url === '/api/notifications/?page=2')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('shows samples with the info toast only when the load fails and nothing is saved', async () => {
    await open({ page1: 'fail' }, false);
    await waitFor(() => expect(toasts()).toEqual(['info:Showing sample notifications']));
    expect(titles()).toContain('Unread: Cause approved');
    expect(screen.getByText(/Showing sample notifications: your notifications could not be loaded/)).toBeTruthy();
  });

  it("shows the cause's title (spec §3 cause) under the message, and links by cause_id", async () => {
    await open({}, false);
    await waitFor(() => expect(titles()).toHaveLength(3));
    const items = within(document.querySelector('.notification-list') as HTMLElement).getAllByRole('listitem');
    // 'Your cause is now live' does not name it: the title shows under the message, never an id.
    expect(items[1].querySelector('.notification-item__meta')!.textContent).toMatch(/^Clean water for Bolga · /);
    expect(items[1].textContent).not.toContain('c-bolga');
    expect(within(items[1]).getByRole('link', { name: 'Unread: Cause approved' }).getAttribute('href')).toBe('/causes/c-bolga');
    // The message already names it: not repeated.
    expect(items[0].querySelector('.notification-item__meta')!.textContent).not.toContain('School roof in Tamale');
  });

  it('links by kind, not by title: a Hausa approval request leads to the withdrawals, a Hausa invitation stays here', async () => {
    const page1 = [
      note('k1', 10, { title: 'Cire kuɗi yana buƙatar amincewarka', kind: 'withdrawal_approval', cause: 'Rijiya', cause_id: 'c-well' }),
      note('k2', 9, { title: 'Gayyatar ma’aji', kind: 'treasurer_invitation', cause: 'Rijiya', cause_id: 'c-well' }),
    ];
    await open({ page1 }, false);
    await waitFor(() => expect(titles()).toHaveLength(2));
    const items = within(document.querySelector('.notification-list') as HTMLElement).getAllByRole('listitem');
    expect(
      within(items[0])
        .getByRole('link', { name: /Cire kuɗi/ })
        .getAttribute('href'),
    ).toBe('/causes/c-well/withdrawals');
    expect(within(items[1]).queryByRole('link')).toBeNull();
  });

  it('reads copies saved before cause carried the title (cause = id, no cause_id) the new way', async () => {
    const legacy = {
      ...note('old-1', 7, { title: 'Saved long ago', message: 'Your cause was approved' }),
      cause: 'c-old',
      cause_title: 'Roof in Wa',
    } as Partial<Notification>;
    delete legacy.cause_id;
    await saveNotifications(ME, [legacy as Notification]);
    Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => false });
    await open({ page1: 'fail' }, false);
    await waitFor(() => expect(titles()).toEqual(['Unread: Saved long ago']));
    const item = within(document.querySelector('.notification-list') as HTMLElement).getByRole('listitem');
    expect(item.querySelector('.notification-item__meta')!.textContent).toMatch(/^Roof in Wa · /);
    expect(within(item).getByRole('link', { name: 'Unread: Saved long ago' }).getAttribute('href')).toBe('/causes/c-old');
  });

  it('shows the saved copy with a notice, and no samples, when something is saved', async () => {
    await saveNotifications(ME, [note('saved-1', 5, { title: 'Saved on the phone' })]);
    // Someone else's saved copy must not show.
    await saveNotifications('someone-else', [note('other', 6, { title: 'Not yours' })]);
    Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => false });
    await open({ page1: 'fail' }, false);
    await waitFor(() => expect(titles()).toEqual(['Unread: Saved on the phone']));
    expect(screen.getByText('You are offline — showing notifications saved on this device.')).toBeTruthy();
    expect(toasts()).not.toContain('info:Showing sample notifications');
  });

  it('after a reconnect catches up with ?since= the newest it has, and shows what was missed', async () => {
    const missed = note('n9', 50, { title: 'Missed while away' });
    let outage = false;
    const { calls } = await open({ since: () => (outage ? [missed] : []) });
    await waitFor(() => expect(titles()).toHaveLength(3));
    act(() => FakeSocket.last.serverAccept());
    await waitFor(() => expect(calls.some((c) => c.url.startsWith('/api/notifications/?since='))).toBe(true));
    const first = calls.find((c) => c.url.startsWith('/api/notifications/?since='))!;
    expect(new URL(first.url, 'http://app.test').searchParams.get('since')).toBe('2026-03-01T10:30:00.000Z');

    // The server goes away; n9 is created meanwhile; the client reconnects by itself.
    outage = true;
    act(() => FakeSocket.last.serverFail());
    await waitFor(() => expect(FakeSocket.instances).toHaveLength(2));
    act(() => FakeSocket.last.serverAccept());
    await waitFor(() => expect(titles()[0]).toBe('Unread: Missed while away'));
    expect(calls.filter((c) => c.url.startsWith('/api/notifications/?since=2026-03-01T10%3A30%3A00.000Z'))).toHaveLength(2);
    expect(toasts()).toContain('info:New notification received');
    // The badge is re-read from the server after the catch-up.
    expect(calls.filter((c) => c.url === '/api/notifications/unread-count/').length).toBeGreaterThan(1);
  });

  it('gives up after 5 attempts with one "WebSocket error" toast and a Reconnect control; Reconnect, online and visibility retry', async () => {
    await open();
    act(() => FakeSocket.last.serverAccept());
    act(() => FakeSocket.last.serverFail());
    for (let attempt = 2; attempt <= 6; attempt += 1) {
      await waitFor(() => expect(FakeSocket.instances).toHaveLength(attempt));
      act(() => FakeSocket.last.serverFail());
    }
    expect(await screen.findByText('Live updates stopped.')).toBeTruthy();
    expect(toasts().filter((t) => t === 'error:WebSocket error')).toHaveLength(1);
    // Stopped is the state in which no retry is scheduled (the client sets it instead of a timer).
    expect(liveState.status).toBe('stopped');
    expect(FakeSocket.instances).toHaveLength(6);

    // The page's control (the bell's small one is labelled 'Reconnect live updates').
    const main = screen.getByRole('main');
    fireEvent.click(within(main).getByRole('button', { name: 'Reconnect' }));
    expect(FakeSocket.instances).toHaveLength(7);
    act(() => FakeSocket.last.serverAccept());
    await waitFor(() => expect(screen.queryByText('Live updates stopped.')).toBeNull());

    // Lost again and given up again: the browser coming back online retries at once.
    for (let attempt = 8; attempt <= 13; attempt += 1) {
      act(() => FakeSocket.last.serverFail());
      if (attempt < 13) await waitFor(() => expect(FakeSocket.instances).toHaveLength(attempt));
    }
    await screen.findByText('Live updates stopped.');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Reconnect live updates' })).toBeTruthy());
    act(() => void window.dispatchEvent(new Event('online')));
    expect(FakeSocket.instances).toHaveLength(13);

    // ...and so does the tab becoming visible (after giving up once more).
    for (let attempt = 14; attempt <= 19; attempt += 1) {
      act(() => FakeSocket.last.serverFail());
      if (attempt < 19) await waitFor(() => expect(FakeSocket.instances).toHaveLength(attempt));
    }
    await screen.findByText('Live updates stopped.');
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    expect(FakeSocket.instances).toHaveLength(19);
  });

  it('after giving up, reconnects by itself once the server answers again (the unread-count probe)', async () => {
    let serverUp = false;
    let failedProbes = 0;
    signInAs({ id: ME });
    const base = server();
    await renderRoute('/notificationspage', (call) => {
      if (call.url === '/api/notifications/unread-count/' && !serverUp) {
        if (liveState.status === 'stopped') failedProbes += 1;
        return undefined;
      }
      return base(call);
    });
    await act(async () => {
      stopRealtime = startRealtime({ WebSocket: FakeSocket, url: 'ws://app.test/ws', reconnectDelayMs: 5, recoveryProbeMs: 20 });
    });
    for (let attempt = 1; attempt <= 6; attempt += 1) {
      await waitFor(() => expect(FakeSocket.instances).toHaveLength(attempt));
      act(() => FakeSocket.last.serverFail());
    }
    await screen.findByText('Live updates stopped.');
    await waitFor(() => expect(failedProbes).toBeGreaterThanOrEqual(2)); // probes fail: still given up, no socket attempts
    expect(FakeSocket.instances).toHaveLength(6);
    expect(liveState.status).toBe('stopped');

    serverUp = true;
    await waitFor(() => expect(FakeSocket.instances).toHaveLength(7));
    act(() => FakeSocket.last.serverAccept());
    await screen.findByText('Live updates on');
  });

  it('logout closes the socket and clears the list', async () => {
    await open();
    const socket = FakeSocket.last;
    act(() => socket.serverAccept());
    await screen.findByText('Live updates on');
    act(() => signOut());
    await waitFor(() => expect(socket.closedWith?.code).toBe(1000));
    await waitFor(() => expect(liveState.status).toBe('idle'));
    // What makes a live client reconnect at once does nothing now.
    act(() => {
      window.dispatchEvent(new Event('online'));
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(FakeSocket.instances).toHaveLength(1);
    expect(liveState.status).toBe('idle');
  });
});
