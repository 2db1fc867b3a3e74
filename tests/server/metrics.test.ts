/**
 * GET /metrics as Prometheus scrapes it: off unless configured (and then never the web app), behind
 * the bearer token on the public port, alone on METRICS_PORT; after traffic, the series an operator
 * watches carry the values the database and the process hold (requests per route pattern, outbox
 * depth per channel, payments and withdrawals waiting, sweeper lag, pool, sockets, Node's own).
 */
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { backends } from './helpers/backends';
import { testConfig, useApp } from './helpers/app';
import { ADMIN } from './helpers/causes';
import { donate, one, scene } from './helpers/giving';
import { openSocket, socketUrl, waitFor } from './helpers/realtime';

const TOKEN = 'scrape-token-0123456789abcdef';
const auth = { authorization: `Bearer ${TOKEN}` };

/** A sample of the text format: `name{a="b",c="d"} value`, keyed by name and its sorted labels. */
type Samples = Map<string, number>;

function parse(text: string): Samples {
  const samples: Samples = new Map();
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})?\s+(\S+)$/.exec(line);
    if (!match) throw new Error(`not a sample line: ${line}`);
    const labels = [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map(([, k, v]) => `${k}=${v}`).sort();
    samples.set(`${match[1]}{${labels.join(',')}}`, Number(match[3]));
  }
  return samples;
}

/** The value of one series, or undefined when it is absent. */
function value(samples: Samples, name: string, labels: Record<string, string> = {}): number | undefined {
  const key = Object.entries(labels)
    .map(([k, v]) => `${k}=${v}`)
    .sort()
    .join(',');
  return samples.get(`${name}{${key}}`);
}

async function scrape(app: FastifyInstance): Promise<Samples> {
  const res = await app.inject({ url: '/metrics', headers: auth });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return parse(res.body);
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

describe.each(backends)('metrics on $name', (backend) => {
  // SMTP on a closed port: queued mail stays waiting in the outbox (each send fails, retried minutes later).
  const ctx = useApp(backend, {
    admin: ADMIN,
    metrics: { token: TOKEN, port: null },
    mail: { smtpUrl: 'smtp://127.0.0.1:1', from: 'Boafo <no-reply@boafo.test>', intervalSeconds: 0 },
  });

  it('answers 401 without the bearer token or with a wrong one', async () => {
    for (const headers of [{}, { authorization: 'Bearer wrong-token-0123456789' }, { authorization: TOKEN }]) {
      const res = await ctx.app.inject({ url: '/metrics', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ detail: 'Authentication required.', code: 'not_authenticated' });
      expect(res.headers['www-authenticate']).toMatch(/^Bearer/);
      expect(res.body).not.toContain('boafo_');
    }
  });

  it('counts requests per route pattern and status, with their latency', async () => {
    const route = { method: 'GET', route: '/api/causes/details/:id/', status: '404' };
    const before = await scrape(ctx.app);
    const ids = [randomUUID(), randomUUID(), randomUUID()];
    for (const id of ids) expect((await ctx.app.inject({ url: `/api/causes/details/${id}/` })).statusCode).toBe(404);
    const after = await scrape(ctx.app);
    const count = (s: Samples) => value(s, 'boafo_http_requests_total', route) ?? 0;
    const observed = (s: Samples) => value(s, 'boafo_http_request_duration_seconds_count', route) ?? 0;
    expect(count(after) - count(before)).toBe(3);
    expect(observed(after) - observed(before)).toBe(3);
    expect(value(after, 'boafo_http_request_duration_seconds_bucket', { ...route, le: '+Inf' })).toBe(observed(after));
    expect(value(after, 'boafo_http_request_duration_seconds_sum', route)).toBeGreaterThan(0);
    // The previous scrape is counted too, under its own pattern; no series names a raw URL.
    expect(value(after, 'boafo_http_requests_total', { method: 'GET', route: '/metrics', status: '200' })).toBeGreaterThanOrEqual(1);
    for (const key of after.keys()) for (const id of ids) expect(key).not.toContain(id);
  });

  it("reports the outbox's depth and oldest age per channel, SMS beside mail", async () => {
    for (let i = 0; i < 3; i += 1) {
      await ctx.app.repos.mail.queue({ kind: 'test', to: `metrics${i}@example.com`, subject: 'Hello', text: 'Hi', html: '<p>Hi</p>' });
    }
    const waiting = async () =>
      Number(
        (await one<{ n: string }>(ctx.app, sql`SELECT count(*)::text AS n FROM mail_outbox WHERE status IN ('pending', 'sending')`)).n,
      );
    const queued = await waiting();
    expect(queued).toBeGreaterThanOrEqual(3);
    let samples = await scrape(ctx.app);
    expect(value(samples, 'boafo_outbox_depth', { channel: 'mail' })).toBe(queued);
    const oldest = value(samples, 'boafo_outbox_oldest_age_seconds', { channel: 'mail' })!;
    expect(oldest).toBeGreaterThanOrEqual(0);
    expect(oldest).toBeLessThan(600);

    expect(value(samples, 'boafo_outbox_depth', { channel: 'sms' })).toBe(0);

    // Texts live in the same table (channel 'sms'): they appear as their own channel.
    await ctx.app.db.execute(sql`UPDATE mail_outbox SET channel = 'sms' WHERE to_address = 'metrics0@example.com'`);
    try {
      samples = await scrape(ctx.app);
      expect(value(samples, 'boafo_outbox_depth', { channel: 'sms' })).toBe(1);
      expect(value(samples, 'boafo_outbox_depth', { channel: 'mail' })).toBe(queued - 1);
      expect(value(samples, 'boafo_outbox_oldest_age_seconds', { channel: 'sms' })).toBeGreaterThanOrEqual(0);
    } finally {
      await ctx.app.db.execute(sql`UPDATE mail_outbox SET channel = 'mail' WHERE to_address = 'metrics0@example.com'`);
    }
    samples = await scrape(ctx.app);
    expect(value(samples, 'boafo_outbox_depth', { channel: 'sms' })).toBe(0);
    expect(value(samples, 'boafo_outbox_depth', { channel: 'mail' })).toBe(await waiting());
  });

  it('reports payments by status, withdrawals waiting and how far the sweeper is behind', async () => {
    const { causeId } = await scene(ctx.app);
    const started = await donate(ctx.app, causeId, '25.00');
    const pending = Number((await one<{ n: string }>(ctx.app, sql`SELECT count(*)::text AS n FROM payments WHERE status = 'pending'`)).n);
    let samples = await scrape(ctx.app);
    expect(value(samples, 'boafo_payments_open', { status: 'pending' })).toBe(pending);
    expect(value(samples, 'boafo_payments_open', { status: 'flagged' })).toBe(0);
    expect(value(samples, 'boafo_payments_last_day', { status: 'pending' })).toBe(pending);
    expect(value(samples, 'boafo_payments_last_day', { status: 'success' })).toBe(0);
    for (const status of ['awaiting_treasurers', 'requested', 'approved', 'processing']) {
      expect(value(samples, 'boafo_withdrawals_waiting', { status })).toBe(0);
    }
    expect(value(samples, 'boafo_sweeper_overdue_seconds')).toBe(0);
    // This process sweeps every minute and has not finished a pass yet: counted from its start.
    expect(value(samples, 'boafo_sweeper_last_run_age_seconds')).toBeGreaterThan(0);

    // Started 20 minutes ago and never swept: due a re-check 15 minutes ago (PAYMENT_RECHECK_AFTER_SECONDS = 300).
    await ctx.app.db.execute(
      sql`UPDATE payments SET created_at = now() - interval '20 minutes', swept_at = NULL WHERE reference = ${started.reference}`,
    );
    samples = await scrape(ctx.app);
    const overdue = value(samples, 'boafo_sweeper_overdue_seconds')!;
    expect(overdue).toBeGreaterThanOrEqual(900);
    expect(overdue).toBeLessThan(1200);
    expect(value(samples, 'boafo_metrics_database_up')).toBe(1);
  });

  it("reports the database pool, this process's sockets and Node's own metrics", async () => {
    const samples = await scrape(ctx.app);
    expect(value(samples, 'boafo_db_pool_max')).toBe(backend.name === 'postgres' ? 10 : 1);
    expect(value(samples, 'boafo_db_pool_in_use')).toBeGreaterThanOrEqual(0);
    expect(value(samples, 'boafo_db_pool_waiting')).toBe(0);
    expect(value(samples, 'boafo_draining')).toBe(0);
    expect(value(samples, 'process_resident_memory_bytes')).toBeGreaterThan(10 * 1024 * 1024);
    expect(value(samples, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(value(samples, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);

    const guests = async () => value(await scrape(ctx.app), 'boafo_websockets_open', { state: 'guest' });
    expect(await guests()).toBe(0);
    const socket = await openSocket(await socketUrl(ctx.app));
    await waitFor('the socket counted', async () => (await guests()) === 1);
    expect(value(await scrape(ctx.app), 'boafo_websockets_open', { state: 'authenticated' })).toBe(0);
    socket.ws.close();
    await socket.closed;
    await waitFor('the socket forgotten', async () => (await guests()) === 0);
  });
});

describe('metrics on a port of their own', () => {
  let app: FastifyInstance;
  let url: string;
  let port: number;
  beforeAll(async () => {
    port = await freePort();
    app = await buildApp(testConfig(null, {}, { METRICS_PORT: String(port), METRICS_TOKEN: TOKEN, SWEEP_INTERVAL_SECONDS: '0' }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await app?.close();
  });

  it('serves /metrics on METRICS_PORT only (the public port has none), with the token when one is set', async () => {
    expect((await fetch(`${url}/api/health/live`)).status).toBe(200);
    const publicMetrics = await fetch(`${url}/metrics`, { headers: auth });
    expect(publicMetrics.status).toBe(404);
    expect(await publicMetrics.json()).toEqual({ detail: 'Not found.', code: 'not_found' });

    const refused = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ detail: 'Authentication required.', code: 'not_authenticated' });
    const res = await fetch(`http://127.0.0.1:${port}/metrics`, { headers: auth });
    expect(res.status).toBe(200);
    const samples = parse(await res.text());
    expect(value(samples, 'boafo_http_requests_total', { method: 'GET', route: '/api/health/live/', status: '200' })).toBe(1);
    expect(value(samples, 'boafo_metrics_database_up')).toBe(1);
    // This process does not sweep: no sweeper last-run series.
    expect(value(samples, 'boafo_sweeper_last_run_age_seconds')).toBeUndefined();
    // Only /metrics lives there: the app is not reachable through the metrics port.
    expect((await fetch(`http://127.0.0.1:${port}/api/health/live`, { headers: auth })).status).toBe(404);
  });
});
