/**
 * Web Push delivery. web-push does the RFC 8291 encryption and the VAPID JWT
 * (generateRequestDetails); we send with fetch ourselves, because web-push's own sender is
 * https-only and follows its own agent rules: one path for production and for the tests'
 * local fake push service. Best effort: failures are logged, never thrown at the caller.
 */
import type { FastifyBaseLogger } from 'fastify';
import { commonJsExports } from '../lib/commonjs';
import type { PushSubscriptionRow, PushSubscriptionsRepo } from '../repositories/push-subscriptions';

// web-push loads with the first message or key pair, not at start-up (it holds about 9 MB once loaded).
type WebPush = typeof import('web-push');
let loading: Promise<WebPush> | null = null;
const loadWebPush = (): Promise<WebPush> => (loading ??= commonJsExports(import('web-push')));

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** What the service worker receives (it shows `title`/`body` and opens `url` on click). */
export interface PushMessage {
  title: string;
  body: string;
  url: string;
  id: string;
  /** The cause's title and id, as in the notification itself. */
  cause: string | null;
  cause_id: string | null;
}

const SEND_TIMEOUT_MS = 10_000;
/** A day: a phone that is off for longer gets the notification from the list instead. */
const TTL_SECONDS = 24 * 60 * 60;

/** The endpoint is a capability URL: logs get its host only. */
function hostOf(endpoint: string): string {
  try {
    return new URL(endpoint).host;
  } catch {
    return 'invalid';
  }
}

/**
 * Push endpoints are URLs users hand us and we POST to: refuse the obvious internal targets
 * (plain http, localhost, IP literals). Tests allow http to reach a local fake.
 */
export function pushEndpointProblem(endpoint: string, allowInsecure: boolean): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'Enter a valid URL.';
  }
  if (allowInsecure) return url.protocol === 'https:' || url.protocol === 'http:' ? null : 'The endpoint must be an https URL.';
  if (url.protocol !== 'https:') return 'The endpoint must be an https URL.';
  const host = url.hostname.toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost') || /^[\d.]+$/.test(host) || host.startsWith('[')) {
    return 'The endpoint must be a push service address.';
  }
  return null;
}

export class PushSender {
  constructor(
    readonly keys: VapidKeys,
    private readonly subject: string,
    private readonly repo: PushSubscriptionsRepo,
    private readonly log: FastifyBaseLogger,
    private readonly allowInsecure: boolean,
  ) {}

  /** Sends to every subscription of the user, side by side; resolves when all are settled. */
  async sendToUser(userId: string, message: PushMessage): Promise<void> {
    const subscriptions = await this.repo.forUser(userId);
    await Promise.all(subscriptions.map((s) => this.sendOne(s, message)));
  }

  private async sendOne(subscription: PushSubscriptionRow, message: PushMessage): Promise<void> {
    const host = hostOf(subscription.endpoint);
    try {
      if (pushEndpointProblem(subscription.endpoint, this.allowInsecure)) return;
      const webpush = await loadWebPush();
      const details = webpush.generateRequestDetails(
        { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
        JSON.stringify(message),
        {
          vapidDetails: { subject: this.subject, publicKey: this.keys.publicKey, privateKey: this.keys.privateKey },
          TTL: TTL_SECONDS,
          contentEncoding: 'aes128gcm',
        },
      );
      // fetch computes Content-Length itself from the body.
      const headers = Object.fromEntries(
        Object.entries(details.headers)
          .filter(([name]) => name.toLowerCase() !== 'content-length')
          .map(([name, value]) => [name, String(value)]),
      );
      const response = await fetch(details.endpoint, {
        method: details.method,
        headers,
        body: details.body ? new Uint8Array(details.body) : undefined,
        redirect: 'error',
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      });
      await response.body?.cancel().catch(() => {});
      if (response.ok) {
        await this.repo.touch(subscription.id);
      } else if (response.status === 404 || response.status === 410) {
        // The browser unsubscribed or the subscription expired: it will never work again.
        await this.repo.remove(subscription.id);
        this.log.info({ host, status: response.status }, 'push subscription gone; removed');
      } else {
        this.log.warn({ host, status: response.status }, 'push service refused a message');
      }
    } catch (error) {
      this.log.warn({ host, reason: (error as Error).message }, 'push delivery failed');
    }
  }
}

export async function generateVapidKeys(): Promise<VapidKeys> {
  return (await loadWebPush()).generateVAPIDKeys();
}
