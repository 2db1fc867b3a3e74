/**
 * Notification fan-out. Every process LISTENs on NOTIFICATIONS_CHANNEL (notify() signals it
 * on commit, with the row in the payload). A process writes it to its own sockets of that user,
 * in signal order; the creating process (origin = its session name) also sends Web Push, so a
 * notification is pushed once however many processes run. Oversized rows come as ids only and
 * are loaded here. Rows hold English from the catalog: each socket gets the words in the language it was
 * opened in, a Web Push in the account's own language.
 */
import fp from 'fastify-plugin';
import type { ServerMessage } from '../../../shared/contract/realtime';
import type { Locale } from '../../../shared/i18n/locales';
import { localeOf, localizeText } from '../../lib/localize';
import { SocketHub } from '../../realtime/hub';
import { PAYMENTS_CHANNEL, type PaymentSignal } from '../../repositories/mobile-charges';
import { NOTIFICATIONS_CHANNEL, type NotificationSignal, type NotificationView, type SignalRow } from '../../repositories/notifications';

export interface Realtime {
  hub: SocketHub;
  /** Resolves when every signal received so far is fully handled (sockets and push); tests and shutdown. */
  idle(): Promise<void>;
}

const CLOSE_WAIT_MS = 5_000;

function parseSignal(payload: string): NotificationSignal | null {
  try {
    const value = JSON.parse(payload) as Partial<NotificationSignal>;
    return typeof value.id === 'string' && typeof value.user_id === 'string' ? (value as NotificationSignal) : null;
  } catch {
    return null;
  }
}

function parsePaymentSignal(payload: string): PaymentSignal | null {
  try {
    const value = JSON.parse(payload) as Partial<PaymentSignal>;
    return typeof value.reference === 'string' && typeof value.status === 'string' && typeof value.display_text === 'string'
      ? (value as PaymentSignal)
      : null;
  } catch {
    return null;
  }
}

type NotificationMessage = Extract<ServerMessage, { type: 'notification' }>;

function fromRow(id: string, row: SignalRow): NotificationMessage {
  return {
    type: 'notification',
    id,
    message: row.message,
    title: row.title,
    kind: row.kind,
    cause: row.cause_title,
    cause_id: row.cause_id,
    cause_title: row.cause_title,
    created_at: new Date(row.created_at).toISOString(),
    is_read: row.is_read,
  };
}

function fromView(n: NotificationView): NotificationMessage {
  return {
    type: 'notification',
    id: n.id,
    message: n.message,
    title: n.title,
    kind: n.kind,
    cause: n.causeTitle,
    cause_id: n.causeId,
    cause_title: n.causeTitle,
    created_at: n.createdAt.toISOString(),
    is_read: n.isRead,
  };
}

/** The notification in `locale`: stored in English from the catalog, the reader gets their language (lib/localize.ts). */
function inLocale(message: NotificationMessage, locale: Locale): NotificationMessage {
  return { ...message, title: localizeText(message.title, locale), message: localizeText(message.message, locale) };
}

export default fp(
  async (app) => {
    const hub = new SocketHub({
      async verify(token) {
        const claims = await app.tokens.verify(token);
        // A socket of a signed-out session is refused like an expired token.
        if (!(await app.verifyAccess(token))) throw new Error('Session ended.');
        return { userId: claims.sub, sessionId: claims.sid, exp: claims.exp };
      },
      endedSessions: (sessionIds) => app.repos.sessions.ended(sessionIds),
      authTimeoutMs: app.config.realtime.authTimeoutMs,
      heartbeatMs: app.config.realtime.heartbeatMs,
      maxGuestSockets: app.config.realtime.maxGuestSockets,
      log: app.log.child({ module: 'realtime' }),
    });
    const inFlight = new Set<Promise<void>>();

    function track(task: Promise<void>): void {
      const safe = task.catch((error: Error) => app.log.error({ err: error }, 'notification delivery failed'));
      inFlight.add(safe);
      void safe.finally(() => inFlight.delete(safe));
    }

    function send(userId: string, message: NotificationMessage, mine: boolean): void {
      // Each socket in the language it was opened in; the push in the one the account chose.
      hub.sendToUser(userId, (locale) => inLocale(message, locale));
      if (!mine) return;
      track(
        app.repos.users.localeOf(userId).then((chosen) => {
          const pushed = inLocale(message, localeOf(chosen));
          // Push services cap encrypted payloads near 4 KB; the full text is one tap away in the app.
          return app.push.sendToUser(userId, {
            title: pushed.title.slice(0, 200),
            body: pushed.message.slice(0, 1000),
            id: pushed.id,
            cause: pushed.cause,
            cause_id: pushed.cause_id,
            url: pushed.cause_id ? `/causes/${pushed.cause_id}` : '/notificationspage',
          });
        }),
      );
    }

    const stop = await app.pubsub.subscribe(NOTIFICATIONS_CHANNEL, (payload) => {
      const signal = parseSignal(payload);
      if (!signal) return;
      const mine = signal.origin === app.pubsub.origin;
      if (!mine && !hub.hasUser(signal.user_id)) return;
      // Synchronous when the row came along: sockets get notifications in commit order.
      if (signal.row) return send(signal.user_id, fromRow(signal.id, signal.row), mine);
      track(
        app.repos.notifications.byId(signal.id).then((view) => {
          if (view) send(view.userId, fromView(view), mine);
        }),
      );
    });

    // A mobile money payment moved on (repositories/mobile-charges.ts signals it on commit): every
    // process tells its own sockets of the donor and those watching the reference.
    const stopPayments = await app.pubsub.subscribe(PAYMENTS_CHANNEL, (payload) => {
      const signal = parsePaymentSignal(payload);
      if (!signal) return;
      hub.sendPayment(signal.user_id, signal.reference, {
        type: 'payment',
        reference: signal.reference,
        status: signal.status,
        display_text: signal.display_text,
      });
    });

    const realtime: Realtime = {
      hub,
      async idle() {
        while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
      },
    };
    app.decorate('realtime', realtime);

    app.addHook('onClose', async () => {
      stop();
      stopPayments();
      hub.close();
      // Let pushes already under way finish, but never hold shutdown for long.
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        realtime.idle(),
        new Promise((resolve) => {
          timer = setTimeout(resolve, CLOSE_WAIT_MS);
        }),
      ]);
      clearTimeout(timer);
    });
  },
  { name: 'realtime', dependencies: ['pubsub', 'push', 'auth', 'repositories'] },
);
