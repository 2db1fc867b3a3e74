/** Decorations the plugins add to Fastify, declared once for the whole server. */
import type { AppConfig } from './config';
import type { Db, DbUsage } from './db/client';
import type { ReceiptLinks } from './lib/receipt-links';
import type { AccessTokens, AuthUser } from './lib/tokens';
import type { PaymentProvider } from './payments/provider';
import type { Realtime } from './plugins/app/realtime';
import type { Repos } from './repositories/repos';
import type { PubSub } from './plugins/external/pubsub';
import type { PushSender } from './push/sender';
import type { KeyRef } from './repositories/idempotency-keys';
import type { MediaStore } from './media/store';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    db: Db;
    dbKind: 'postgres' | 'pglite';
    /** Connections in use and queries waiting for one, now (GET /metrics). */
    dbUsage: () => DbUsage;
    repos: Repos;
    /** Where pictures live: the database or an S3-compatible bucket (MEDIA_STORE; media/store.ts). */
    mediaStore: MediaStore;
    /** The payment provider PAYMENT_PROVIDER chose (sandbox or paystack). */
    payments: PaymentProvider;
    tokens: AccessTokens;
    /** Signed guest links to receipt PDFs, and the absolute links settlement mails carry. */
    receiptLinks: ReceiptLinks;
    /** PostgreSQL LISTEN/NOTIFY shared by every process (plugins/external/pubsub.ts). */
    pubsub: PubSub;
    /** Web Push with VAPID (push/sender.ts). */
    push: PushSender;
    /** This process's sockets and the notification fan-out (plugins/app/realtime.ts). */
    realtime: Realtime;
    /** onRequest hook for routes that need a signed-in user (sets request.user or answers 401). */
    authenticate: (request: FastifyRequest) => Promise<void>;
    /** onRequest hook for admin-only routes: 401 without a valid token, 403 for non-admins. */
    requireAdmin: (request: FastifyRequest) => Promise<void>;
    /** The user of a valid bearer token, or null; never throws. */
    optionalUser: (request: FastifyRequest) => Promise<AuthUser | null>;
    /** The user of an access token whose session is still signed in, or null (HTTP and the socket). */
    verifyAccess: (token: string) => Promise<AuthUser | null>;
    /** After authenticate: 403 two_step_required (with this detail) unless the account has two-step sign-in on. */
    requireTwoStep: (request: FastifyRequest, detail: string) => Promise<void>;
    /** After authenticate: 403 step_up_required unless this session checked a password or code in the last 10 minutes. */
    requireStepUp: (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyContextConfig {
    /** false: the route ignores Idempotency-Key (its answer holds secrets that must not be stored). */
    idempotent?: boolean;
    /**
     * A signed-in request answered from the record its Idempotency-Key left when sent as a guest
     * (queued before signing in): runs before that answer is replayed, and what it returns is sent
     * instead (undefined: the guest's answer as stored). The change itself is never applied again.
     */
    afterGuestReplay?: (request: FastifyRequest, guestAnswer: { status: number; body: string }) => Promise<unknown>;
  }
  interface FastifyRequest {
    user: AuthUser | null;
    idempotencyRef: KeyRef | null;
  }
}
