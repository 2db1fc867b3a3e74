// The push switch: the permission prompt only on the user's click, the service worker's
// pushManager.subscribe with the server's key, the server calls, and each state's text.
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NotificationSettings } from '../../src/web/features/notifications/components/notification-settings';
import { base64UrlToBytes } from '../../src/web/features/notifications/lib/push';
import { configureApiClient } from '../../src/web/lib/api-client';
import { clearToasts, toastState } from '../../src/web/stores/toast-store';
import { createFakeFetch, deferred, json } from './helpers/fake-fetch';

const PUBLIC_KEY = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';

class FakeSubscription {
  unsubscribe = vi.fn(async () => {
    push.current = null;
    return true;
  });
  constructor(readonly endpoint: string) {}
  toJSON() {
    return { endpoint: this.endpoint, keys: { p256dh: 'p256-key', auth: 'auth-secret' } };
  }
}

const push = {
  current: null as FakeSubscription | null,
  subscribe: vi.fn(async (_options: PushSubscriptionOptionsInit) => {
    push.current = new FakeSubscription('https://push.example/abc');
    return push.current;
  }),
};

function installBrowser(
  options: {
    permission?: NotificationPermission;
    answer?: () => Promise<NotificationPermission>;
    supported?: boolean;
    subscribed?: boolean;
  } = {},
) {
  const requestPermission = vi.fn(options.answer ?? (async () => 'granted' as NotificationPermission));
  const FakeNotification = { permission: options.permission ?? 'default', requestPermission };
  requestPermission.mockImplementation(async () => {
    const answer = await (options.answer ?? (async () => 'granted' as NotificationPermission))();
    FakeNotification.permission = answer;
    return answer;
  });
  push.current = options.subscribed ? new FakeSubscription('https://push.example/old') : null;
  push.subscribe.mockClear();
  const registration = { pushManager: { getSubscription: async () => push.current, subscribe: push.subscribe } };
  if (options.supported !== false) {
    Object.defineProperty(window, 'Notification', { configurable: true, value: FakeNotification });
    Object.defineProperty(window, 'PushManager', { configurable: true, value: class {} });
  }
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { getRegistration: async () => registration } });
  return { requestPermission };
}

function fakeServer() {
  const fake = createFakeFetch((call) => {
    if (call.url === '/api/push/public-key/') return json(200, { public_key: PUBLIC_KEY });
    if (call.url === '/api/push/subscribe/' || call.url === '/api/push/unsubscribe/') return json(201, { ok: true });
    return json(404, { detail: 'Not found.' });
  });
  configureApiClient({ fetch: fake.fetch });
  return fake.calls;
}

const toasts = () => toastState.toasts.map((t) => `${t.type}:${t.message}`);
const toggle = () => screen.getByRole('switch', { name: 'Push notifications' }) as HTMLInputElement;

afterEach(() => {
  clearToasts();
  for (const key of ['Notification', 'PushManager'] as const) delete (window as unknown as Record<string, unknown>)[key];
  delete (navigator as unknown as Record<string, unknown>).serviceWorker;
});

describe('NotificationSettings', () => {
  it('says so on a browser without push, with the switch disabled', async () => {
    installBrowser({ supported: false });
    render(<NotificationSettings />);
    expect(await screen.findByText('This browser cannot show push notifications.')).toBeTruthy();
    expect(toggle().disabled).toBe(true);
  });

  it('asks permission only when switched on, then subscribes with the server key and registers it', async () => {
    const permission = deferred<NotificationPermission>();
    const { requestPermission } = installBrowser({ answer: () => permission.promise });
    const calls = fakeServer();
    render(<NotificationSettings />);
    await screen.findByText('Off: turn on to be told about donations and reviews on this device, even when Boafo is closed.');
    expect(requestPermission).not.toHaveBeenCalled(); // never on load
    expect(toggle().checked).toBe(false);

    fireEvent.click(toggle());
    expect(requestPermission).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(toggle().disabled).toBe(true)); // busy while the prompt is open
    await act(async () => permission.resolve('granted'));

    await waitFor(() => expect(toggle().checked).toBe(true));
    expect(toggle().disabled).toBe(false);
    expect(push.subscribe).toHaveBeenCalledTimes(1);
    const options = push.subscribe.mock.calls[0][0];
    expect(options.userVisibleOnly).toBe(true);
    expect(Array.from(options.applicationServerKey as Uint8Array)).toEqual(Array.from(base64UrlToBytes(PUBLIC_KEY)));
    expect((options.applicationServerKey as Uint8Array).length).toBe(65); // an uncompressed P-256 point
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['GET /api/push/public-key/', 'POST /api/push/subscribe/']);
    expect(calls[1].body).toEqual({ endpoint: 'https://push.example/abc', keys: { p256dh: 'p256-key', auth: 'auth-secret' } });
    expect(toasts()).toEqual(['success:Push notifications turned on']);
    expect(
      screen.getByText(
        'On: this device shows a notification when someone donates to your cause or your cause is reviewed, even when Boafo is closed.',
      ),
    ).toBeTruthy();
  });

  it('a refused prompt shows how to re-enable and subscribes nothing', async () => {
    installBrowser({ answer: async () => 'denied' });
    const calls = fakeServer();
    render(<NotificationSettings />);
    await screen.findByText('Off: turn on to be told about donations and reviews on this device, even when Boafo is closed.');
    fireEvent.click(toggle());
    expect(
      await screen.findByText(
        'Notifications are blocked for Boafo in this browser. To turn them on, open the site settings (the icon beside the address), allow Notifications, then reload this page.',
      ),
    ).toBeTruthy();
    expect(toggle().disabled).toBe(true);
    expect(push.subscribe).not.toHaveBeenCalled();
    expect(calls).toHaveLength(0);
    expect(toasts()).toEqual(['warning:Notifications are blocked in this browser']);
  });

  it('already blocked: says how to re-enable without prompting', async () => {
    const { requestPermission } = installBrowser({ permission: 'denied' });
    render(<NotificationSettings />);
    expect(
      await screen.findByText(
        'Notifications are blocked for Boafo in this browser. To turn them on, open the site settings (the icon beside the address), allow Notifications, then reload this page.',
      ),
    ).toBeTruthy();
    fireEvent.click(toggle());
    expect(requestPermission).not.toHaveBeenCalled();
  });

  it('switching off unsubscribes in the browser and on the server', async () => {
    const { requestPermission } = installBrowser({ permission: 'granted', subscribed: true });
    const calls = fakeServer();
    const old = push.current!;
    render(<NotificationSettings />);
    await waitFor(() => expect(toggle().checked).toBe(true));
    fireEvent.click(toggle());
    await waitFor(() => expect(toggle().checked).toBe(false));
    expect(old.unsubscribe).toHaveBeenCalledTimes(1);
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['POST /api/push/unsubscribe/']);
    expect(calls[0].body).toEqual({ endpoint: 'https://push.example/old' });
    expect(requestPermission).not.toHaveBeenCalled();
    expect(toasts()).toEqual(['success:Push notifications turned off']);
  });

  it('a server refusal undoes the browser subscription and says so', async () => {
    installBrowser();
    const fake = createFakeFetch((call) =>
      call.url === '/api/push/public-key/' ? json(200, { public_key: PUBLIC_KEY }) : json(503, { detail: 'Push is not configured.' }),
    );
    configureApiClient({ fetch: fake.fetch });
    render(<NotificationSettings />);
    await screen.findByText('Off: turn on to be told about donations and reviews on this device, even when Boafo is closed.');
    fireEvent.click(toggle());
    await waitFor(() => expect(toasts()).toEqual(['error:Could not change push notifications: Push is not configured.']));
    expect(push.current).toBeNull();
    expect(toggle().checked).toBe(false);
  });
});
