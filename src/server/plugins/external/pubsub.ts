/**
 * app.pubsub: PostgreSQL LISTEN/NOTIFY, the one channel every server process shares.
 * - PGlite (one process by design): its own listen() on the same embedded database.
 * - PostgreSQL: ONE dedicated pg.Client per app (a pool client would be handed back and
 *   lose its LISTEN), reconnected with backoff when the connection drops. Nothing is lost
 *   meanwhile in the database itself; clients catch up through the HTTP list.
 * NOTIFY issued inside a transaction is delivered only on commit, so a rolled-back event
 * publishes nothing. Publishers may also call pg_notify in their own SQL (see notify()).
 */
import fp from 'fastify-plugin';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { pgliteOf, queryRows, type Db } from '../../db/client';

export type PubSubHandler = (payload: string) => void;

export interface PubSub {
  /**
   * This app instance's database session name (application_name): a NOTIFY sent through
   * app.db carries it when the SQL includes current_setting('application_name').
   */
  readonly origin: string;
  /** Resolves once LISTEN is in place; the returned function stops this handler. */
  subscribe(channel: string, handler: PubSubHandler): Promise<() => void>;
  publish(channel: string, payload: string): Promise<void>;
}

/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more. */
export const MAX_PAYLOAD_BYTES = 7999;
const CHANNEL = /^[a-z_][a-z0-9_]{0,62}$/;
const MAX_BACKOFF_MS = 30_000;

function checkChannel(channel: string): void {
  if (!CHANNEL.test(channel)) throw new Error(`Invalid pubsub channel name: ${channel}`);
}

/** Handlers per channel; a throwing handler must not stop the others. */
class Handlers {
  readonly byChannel = new Map<string, Set<PubSubHandler>>();

  constructor(private readonly log: FastifyBaseLogger) {}

  add(channel: string, handler: PubSubHandler): { first: boolean; remove: () => boolean } {
    let set = this.byChannel.get(channel);
    const first = !set;
    if (!set) this.byChannel.set(channel, (set = new Set()));
    set.add(handler);
    return {
      first,
      remove: () => {
        set.delete(handler);
        if (set.size > 0) return false;
        this.byChannel.delete(channel);
        return true;
      },
    };
  }

  dispatch(channel: string, payload: string): void {
    for (const handler of this.byChannel.get(channel) ?? []) {
      try {
        handler(payload);
      } catch (error) {
        this.log.error({ err: error, channel }, 'pubsub handler failed');
      }
    }
  }
}

/** The dedicated LISTEN connection to PostgreSQL, kept alive across drops. */
class PgListener {
  private client: pg.Client | null = null;
  private closed = false;
  private attempt = 0;
  private retry: NodeJS.Timeout | null = null;

  constructor(
    private readonly url: string,
    private readonly name: string,
    private readonly handlers: Handlers,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** The first connection must work: the database just answered the migrations. */
  async start(): Promise<void> {
    await this.connect();
  }

  async listen(channel: string): Promise<void> {
    await this.client?.query(`LISTEN "${channel}"`);
  }

  async unlisten(channel: string): Promise<void> {
    await this.client?.query(`UNLISTEN "${channel}"`).catch(() => {});
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => {});
  }

  private async connect(): Promise<void> {
    const { default: pgDriver } = await import('pg');
    const client = new pgDriver.Client({
      connectionString: this.url,
      application_name: this.name,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      connectionTimeoutMillis: 10_000,
    });
    client.on('notification', (message) => this.handlers.dispatch(message.channel, message.payload ?? ''));
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client, null));
    try {
      await client.connect();
      for (const channel of this.handlers.byChannel.keys()) await client.query(`LISTEN "${channel}"`);
    } catch (error) {
      await client.end().catch(() => {});
      throw error;
    }
    if (this.closed) {
      await client.end().catch(() => {});
      return;
    }
    this.client = client;
  }

  private lost(client: pg.Client, error: Error | null): void {
    if (this.closed || this.client !== client) return;
    this.client = null;
    client.end().catch(() => {});
    // Only the message: the error object may carry connection details.
    this.log.warn({ reason: error?.message ?? 'connection ended' }, 'LISTEN connection lost; reconnecting');
    this.schedule();
  }

  private schedule(): void {
    const delay = Math.min(MAX_BACKOFF_MS, 500 * 2 ** this.attempt) * (0.75 + Math.random() / 2);
    this.attempt += 1;
    this.retry = setTimeout(() => {
      this.retry = null;
      this.connect().then(
        () => {
          if (this.closed) return;
          this.log.info({ attempts: this.attempt }, 'LISTEN connection restored');
          this.attempt = 0;
        },
        (error: Error) => {
          if (this.closed) return;
          this.log.warn({ reason: error.message, attempt: this.attempt }, 'LISTEN reconnect failed');
          this.schedule();
        },
      );
    }, delay);
    this.retry.unref();
  }
}

async function sessionName(db: Db): Promise<string> {
  const [row] = await queryRows<{ name: string | null }>(db, sql`SELECT current_setting('application_name') AS name`);
  return row?.name ?? '';
}

export default fp(
  async (app) => {
    const handlers = new Handlers(app.log);
    const origin = await sessionName(app.db);
    const pglite = pgliteOf(app.db);
    const pgListener = pglite ? null : new PgListener(app.config.databaseUrl!, `${origin}-listen`.slice(0, 63), handlers, app.log);
    await pgListener?.start();
    const pgliteStops = new Map<string, () => Promise<void>>();

    const pubsub: PubSub = {
      origin,
      async subscribe(channel, handler) {
        checkChannel(channel);
        const entry = handlers.add(channel, handler);
        if (entry.first) {
          if (pglite) pgliteStops.set(channel, await pglite.listen(channel, (payload) => handlers.dispatch(channel, payload)));
          else await pgListener!.listen(channel);
        }
        return () => {
          if (!entry.remove()) return;
          const stop = pgliteStops.get(channel);
          pgliteStops.delete(channel);
          void (stop ? stop().catch(() => {}) : pgListener?.unlisten(channel));
        };
      },
      async publish(channel, payload) {
        checkChannel(channel);
        if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES) throw new Error('pubsub payload is too large for NOTIFY');
        await app.db.execute(sql`SELECT pg_notify(${channel}, ${payload})`);
      },
    };
    app.decorate('pubsub', pubsub);
    app.addHook('onClose', async () => {
      await pgListener?.close();
      // The PGlite instance may already be closing with the app; stopping is best effort.
      await Promise.all([...pgliteStops.values()].map((stop) => stop().catch(() => {})));
      pgliteStops.clear();
    });
  },
  { name: 'pubsub', dependencies: ['db'] },
);
