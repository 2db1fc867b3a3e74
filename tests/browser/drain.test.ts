// A deploy's SIGTERM on the process `npm start` runs (dist-server/server.mjs, plain node), as a load
// balancer sees it: ready turns 503 first while every other request is still served in full; then
// the process stops accepting, finishes a slow request that was in flight (a donor on a slow link
// still sending its body), closes its sockets with the reconnect hint (1012) and exits 0. No
// request fails: those sent while ready said 503 are served in full, and by the time the process
// stops accepting, a balancer that saw ready fail sends it nothing new. No browser: one started
// server per database.
import http from 'node:http';
import { connect } from 'node:net';
import { performance } from 'node:perf_hooks';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { WS_CLOSE } from '../../src/shared/socket';
import { backends } from '../server/helpers/backends';
import { startServer, type RunningServer } from './helpers/server-process';

type Answer = { status: number; connection: string | undefined } | { error: string };

/** A GET and its outcome: the status (the body read to its end) or the socket error's code. */
function get(url: string, agent: http.Agent | false): Promise<Answer> {
  return new Promise((resolve) => {
    const request = http.get(url, { agent }, (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode!, connection: response.headers.connection }));
      response.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
    });
    request.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
  });
}

/** A sign-up whose body arrives in two parts: the second only when `finish()` is called. */
function slowSignup(url: string, email: string) {
  const body = Buffer.from(
    JSON.stringify({ first_name: 'Esi', last_name: 'Mensah', email, password: 'kente-cloth-42', password2: 'kente-cloth-42' }),
  );
  let finish = () => {};
  const answered = new Promise<Answer>((resolve) => {
    const request = http.request(
      `${url}/api/user/auth/signup/`,
      { method: 'POST', agent: false, headers: { 'content-type': 'application/json', 'content-length': body.length } },
      (response) => {
        response.resume();
        response.on('end', () => resolve({ status: response.statusCode!, connection: response.headers.connection }));
      },
    );
    request.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
    request.write(body.subarray(0, 20));
    finish = () => request.end(body.subarray(20));
  });
  return { answered, finish: () => finish() };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether a TCP connection to the port opens (it is closed again at once, nothing sent). */
function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

describe.each(backends)('SIGTERM drains the started server on $name', (backend) => {
  let server: RunningServer | undefined;
  let drop = async () => {};
  afterAll(async () => {
    await server?.stop();
    await drop();
  });

  it('turns ready 503 first, serves every request meanwhile, finishes the one in flight, closes sockets 1012, exits 0', async () => {
    const database = await backend.createDatabase();
    drop = database.drop;
    const token = 'drain-test-metrics-token-0123';
    server = await startServer({ DATABASE_URL: database.databaseUrl ?? '', SEED_DEMO: 'false', DRAIN_SECONDS: '3', METRICS_TOKEN: token });
    const { url } = server;
    expect(await get(`${url}/api/health/ready`, false)).toMatchObject({ status: 200 });
    // The bundle loads prom-client on first use: a scrape works from the started process too.
    const scrape = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${token}` } });
    expect(scrape.status).toBe(200);
    expect(await scrape.text()).toMatch(/^boafo_http_requests_total\{method="GET",route="\/api\/health\/ready\/",status="200"\} 1$/m);

    const socket = new WebSocket(`${url.replace('http', 'ws')}/ws`);
    const socketClosed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
    socket.on('error', () => {});
    await new Promise((resolve) => socket.once('open', resolve));
    const slow = slowSignup(url, `esi.drain.${backend.name}.${Date.now()}@example.com`);
    // A client that keeps its connections alive, as a reverse proxy does.
    const keptAlive = new http.Agent({ keepAlive: true, maxSockets: 2 });
    expect(await get(`${url}/api/categories/`, keptAlive)).toMatchObject({ status: 200 });

    process.kill(server.pid, 'SIGTERM');
    const ready: Answer[] = [];
    const reads: Answer[] = [];
    // As a balancer does: probes and traffic until ready has said 503 for a while (well inside
    // DRAIN_SECONDS), then no new request to this process.
    let downSince = 0;
    while (!downSince || performance.now() - downSince < 1000) {
      const [probe, read] = await Promise.all([get(`${url}/api/health/ready`, false), get(`${url}/api/categories/`, keptAlive)]);
      ready.push(probe);
      reads.push(read);
      if (!downSince && 'status' in probe && probe.status === 503) downSince = performance.now();
      if (ready.length > 500) throw new Error(`ready never turned 503: ${JSON.stringify(ready.slice(-3))}`);
      await pause(40);
    }
    // Then the process stops accepting connections (a bare TCP connect is refused).
    while (await accepts(server.port)) await pause(40);
    // The listener is closed and the slow request is still in flight: its body arrives now.
    slow.finish();
    expect(await slow.answered).toMatchObject({ status: 201 });
    expect(await socketClosed).toBe(WS_CLOSE.SERVICE_RESTART);
    expect(await server.exited).toBe(0);
    keptAlive.destroy();

    const why = `ready: ${JSON.stringify(ready)}\nreads: ${JSON.stringify(reads)}\n${server.output().slice(-1500)}`;
    // Ready answered 503 (the signal may land just after the first probe) and never 200 again once it had.
    const firstDown = ready.findIndex((a) => 'status' in a && a.status === 503);
    expect(firstDown, why).toBeLessThanOrEqual(1);
    expect(
      ready.slice(firstDown).every((a) => 'status' in a && a.status === 503),
      why,
    ).toBe(true);
    // Every read sent meanwhile, before and after ready turned, was served in full; while draining,
    // each asked the client to take its next request elsewhere.
    expect(reads.length, why).toBeGreaterThan(5);
    expect(
      reads.every((a) => 'status' in a && a.status === 200),
      why,
    ).toBe(true);
    expect(
      reads.slice(firstDown + 1).every((a) => 'status' in a && a.connection === 'close'),
      why,
    ).toBe(true);
    server = undefined;
  });
});
