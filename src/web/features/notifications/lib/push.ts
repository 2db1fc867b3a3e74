import type { PushPublicKey, PushSubscribeRequest } from '../../../../shared/contract/push';
import { api } from '../../../lib/api-client';
import { t } from '../../../lib/i18n';

/**
 * Web Push for this browser: permission, the service worker's push subscription and the server's
 * copy of it (GET /api/push/public-key/, POST /api/push/subscribe/, POST /api/push/unsubscribe/).
 */

export type PushState = 'unsupported' | 'denied' | 'on' | 'off';

export function pushSupported(): boolean {
  return typeof window !== 'undefined' && 'Notification' in window && 'PushManager' in window && Boolean(navigator.serviceWorker);
}

/** The app's worker registration; null without one (dev server, or not registered yet). */
async function registration(): Promise<ServiceWorkerRegistration | null> {
  return (await navigator.serviceWorker.getRegistration()) ?? null;
}

export async function readPushState(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  const subscription = await (await registration())?.pushManager.getSubscription().catch(() => null);
  return subscription && Notification.permission === 'granted' ? 'on' : 'off';
}

/** VAPID keys travel as base64url; pushManager wants the bytes. */
export function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(value.length / 4) * 4, '=');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

export class PushSetupError extends Error {}

/**
 * Asks the browser's permission (only ever from the user's click), subscribes through the service
 * worker with the server's public key and registers the subscription with the server.
 */
export async function turnPushOn(): Promise<PushState> {
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return 'denied';
  if (permission !== 'granted') return 'off'; // dismissed: asked again next click
  const reg = await registration();
  if (!reg) throw new PushSetupError(t('notifications.push.installing'));
  const { public_key: key } = await api.get<PushPublicKey>('/api/push/public-key/');
  const subscription = await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: base64UrlToBytes(key) });
  const json = subscription.toJSON();
  const body: PushSubscribeRequest = {
    endpoint: subscription.endpoint,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
  };
  try {
    await api.post('/api/push/subscribe/', body);
  } catch (error) {
    // The server does not know it: an orphan subscription would look "on" here and never ring.
    await subscription.unsubscribe().catch(() => {});
    throw error;
  }
  return 'on';
}

/** Unsubscribes in the browser first (no more pushes shown from this moment), then tells the server. */
export async function turnPushOff(): Promise<PushState> {
  const subscription = await (await registration())?.pushManager.getSubscription();
  if (subscription) {
    const { endpoint } = subscription;
    await subscription.unsubscribe();
    // If this fails the server drops the endpoint when the push service answers 410 Gone.
    await api.post('/api/push/unsubscribe/', { endpoint }).catch(() => {});
  }
  return 'off';
}
