/**
 * GET /metrics in Prometheus' text format (prom-client), for the operator: requests per route
 * pattern and status with their latency, the database pool, each outbox's depth and oldest age, the
 * sweeper's lag, payments and withdrawals waiting, sockets open, and Node's own process metrics
 * (memory, event-loop lag, GC). Off unless METRICS_TOKEN or METRICS_PORT is set: then prom-client
 * is loaded and the request hook added; off, neither costs anything.
 *
 * Where it is served: with METRICS_PORT on a port of its own (a plain HTTP server that answers only
 * /metrics, with the bearer check only when METRICS_TOKEN is set too); else on the public port at
 * /metrics (routes/metrics), always behind the token. The gauges that read the database are read
 * when a scrape comes (repositories/service-status.ts), never on a timer.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type * as PromClient from 'prom-client';
import type { ApiErrorBody } from '../../../shared/contract/common';
import { PAYMENT_STATUSES } from '../../db/schema';
import { commonJsExports } from '../../lib/commonjs';

export interface Metrics {
  contentType: string;
  /** Reads the database gauges, then every metric as Prometheus text. */
  render(): Promise<string>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** null when metrics are off (no METRICS_TOKEN, no METRICS_PORT). */
    metrics: Metrics | null;
  }
}

/** Seconds: from a cached read (~1 ms) to a slow PDF or a provider call (several seconds). */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** Whether an Authorization header carries the token (compared in constant time, whatever its length). */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  if (!match) return false;
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(match[1]), digest(token));
}

export const METRICS_UNAUTHORIZED: ApiErrorBody = { detail: 'Authentication required.', code: 'not_authenticated' };

function defineMetrics(prom: typeof PromClient, app: FastifyInstance) {
  const registry = new prom.Registry();
  prom.collectDefaultMetrics({ register: registry });
  const registers = [registry];
  const gauge = (name: string, help: string, labelNames: string[] = []) => new prom.Gauge({ name, help, labelNames, registers });

  const requests = new prom.Counter({
    name: 'boafo_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'],
    registers,
  });
  const latency = new prom.Histogram({
    name: 'boafo_http_request_duration_seconds',
    help: 'Time from receiving a request to answering it, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'],
    buckets: LATENCY_BUCKETS,
    registers,
  });

  const pool = {
    max: gauge('boafo_db_pool_max', 'Connections the database pool may open (the embedded database: its one session).'),
    inUse: gauge('boafo_db_pool_in_use', 'Database connections running a query or a transaction.'),
    waiting: gauge('boafo_db_pool_waiting', 'Queries waiting for a database connection.'),
  };
  const sockets = gauge('boafo_websockets_open', 'WebSockets open on this process, signed in or guests.', ['state']);
  const draining = gauge('boafo_draining', '1 once this process is shutting down (ready answers 503), else 0.');
  // Only where this process sweeps; before its first pass, counted from the start.
  const startedAt = Date.now();
  const sweeperLastRun = app.sweeper.enabled
    ? gauge('boafo_sweeper_last_run_age_seconds', "Seconds since this process's sweeper last finished a pass (or since it started).")
    : null;

  const db = {
    up: gauge('boafo_metrics_database_up', '1 when the database answered the gauges below at this scrape, else 0.'),
    outboxDepth: gauge('boafo_outbox_depth', 'Outgoing messages waiting to be sent (pending or being sent), per channel.', ['channel']),
    outboxOldest: gauge('boafo_outbox_oldest_age_seconds', 'Age of the oldest outgoing message still waiting, per channel (0 = none).', [
      'channel',
    ]),
    sweeperOverdue: gauge(
      'boafo_sweeper_overdue_seconds',
      'How long the longest-waiting pending payment or payout in flight has been due a re-check by the sweeper (0 = none overdue).',
    ),
    paymentsOpen: gauge('boafo_payments_open', 'Payments waiting, any age: pending (no answer yet) and flagged (an admin must review).', [
      'status',
    ]),
    paymentsLastDay: gauge('boafo_payments_last_day', 'Payments started in the last 24 hours, by their status now.', ['status']),
    withdrawalsWaiting: gauge('boafo_withdrawals_waiting', 'Withdrawals not yet paid, failed or rejected, by status.', ['status']),
  };

  const readDatabase = async () => {
    const status = app.repos.serviceStatus;
    const { paymentRecheckSeconds, withdrawalRecheckSeconds } = app.config.sweeper;
    try {
      const [outboxes, open, lastDay, withdrawals, overdue] = await Promise.all([
        status.outboxes(),
        status.openPayments(),
        status.paymentsLastDay(PAYMENT_STATUSES),
        status.waitingWithdrawals(),
        status.sweeperOverdueSeconds(app.payments.name, paymentRecheckSeconds, withdrawalRecheckSeconds),
      ]);
      // Reset first: a channel or status that is gone must not keep its last value.
      for (const metric of Object.values(db)) metric.reset();
      for (const outbox of outboxes) {
        db.outboxDepth.set({ channel: outbox.channel }, outbox.depth);
        db.outboxOldest.set({ channel: outbox.channel }, outbox.oldestSeconds);
      }
      for (const row of open) db.paymentsOpen.set({ status: row.status }, row.count);
      for (const row of lastDay) db.paymentsLastDay.set({ status: row.status }, row.count);
      for (const row of withdrawals) db.withdrawalsWaiting.set({ status: row.status }, row.count);
      db.sweeperOverdue.set(overdue);
      db.up.set(1);
    } catch (error) {
      app.log.warn({ err: error }, 'Metrics: the database gauges could not be read');
      for (const metric of Object.values(db)) metric.reset();
      db.up.set(0);
    }
  };

  const readProcess = () => {
    const usage = app.dbUsage();
    pool.max.set(usage.max);
    pool.inUse.set(usage.inUse);
    pool.waiting.set(usage.waiting);
    const hub = app.realtime.hub;
    sockets.set({ state: 'guest' }, hub.guests);
    sockets.set({ state: 'authenticated' }, hub.size - hub.guests);
    draining.set(app.lifecycle.draining ? 1 : 0);
    sweeperLastRun?.set((Date.now() - (app.sweeper.lastFinishedAt ?? startedAt)) / 1000);
  };

  return {
    registry,
    observe(method: string, route: string, status: number, seconds: number) {
      const labels = { method, route, status: String(status) };
      requests.inc(labels);
      latency.observe(labels, seconds);
    },
    async render() {
      readProcess();
      await readDatabase();
      return registry.metrics();
    },
  };
}

/** The separate metrics port: /metrics only, nothing of the app. */
function metricsServer(app: FastifyInstance, metrics: Metrics, token: string | null): Server {
  return createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0].replace(/\/+$/, '');
    const answer = (status: number, body: ApiErrorBody, headers: Record<string, string> = {}) => {
      response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers }).end(JSON.stringify(body));
    };
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return answer(404, { detail: 'Not found.', code: 'not_found' });
    }
    if (token !== null && !bearerMatches(request.headers.authorization, token)) {
      return answer(401, METRICS_UNAUTHORIZED, { 'www-authenticate': 'Bearer realm="metrics"' });
    }
    metrics.render().then(
      (text) => response.writeHead(200, { 'content-type': metrics.contentType, 'cache-control': 'no-store' }).end(text),
      (error: unknown) => {
        app.log.error({ err: error }, 'Metrics could not be rendered');
        answer(500, { detail: 'Something went wrong on our side.', code: 'server_error' });
      },
    );
  });
}

export default fp(
  async (app) => {
    const { token, port } = app.config.metrics;
    if (token === null && port === null) {
      app.decorate('metrics', null);
      return;
    }
    // Loaded only where metrics are on.
    const prom = await commonJsExports(import('prom-client'));
    const defined = defineMetrics(prom, app);
    const metrics: Metrics = { contentType: defined.registry.contentType, render: () => defined.render() };
    app.decorate('metrics', metrics);

    app.addHook('onResponse', async (request, reply) => {
      // The route's pattern (/api/causes/details/:id/), never the URL: one series per route, whatever the ids.
      defined.observe(request.method, request.routeOptions.url ?? 'unmatched', reply.statusCode, reply.elapsedTime / 1000);
    });

    if (port !== null) {
      const server = metricsServer(app, metrics, token);
      // Opened with the app, so a port already taken stops the start with a message; closed last, so a
      // drain can be watched to the end.
      app.addHook('onReady', async () => {
        await new Promise<void>((resolve, reject) => {
          server.once('error', reject);
          server.listen(port, app.config.host, () => {
            server.off('error', reject);
            resolve();
          });
        });
      });
      app.addHook('onClose', async () => {
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
      });
    }
  },
  { name: 'metrics', dependencies: ['repositories', 'payments', 'realtime', 'lifecycle', 'sweeper', 'db'] },
);
