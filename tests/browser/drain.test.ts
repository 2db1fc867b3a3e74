// A deploy's SIGTERM on the process `npm start` runs (dist-server/server.mjs, plain node), as a load
// balancer sees it: ready turns 503 first while every other request is still served in full; then
// the process stops accepting, finishes a slow request that was in flight (a donor on a slow link
// still sending its body), closes its sockets with the reconnect hint (1012) and exits 0. No
// request it accepted fails: the only refusals are connections it no longer accepts, which a
// balancer (having seen ready fail) sends elsewhere. No browser: one started server per database.
import http from 'node:http';
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
    server = await startServer({ DATABASE_URL: database.databaseUrl ?? '', SEED_DEMO: 'false', DRAIN_SECONDS: '1' });
    const { url } = server;
    expect(await get(`${url}/api/health/ready`, false)).toMatchObject({ status: 200 });

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
    // Until the process no longer accepts connections: a readiness probe and a read, side by side.
    for (let refused = 0; refused < 3;) {
      const [probe, read] = await Promise.all([get(`${url}/api/health/ready`, false), get(`${url}/api/categories/`, keptAlive)]);
      ready.push(probe);
      reads.push(read);
      refused = 'error' in probe && probe.error === 'ECONNREFUSED' ? refused + 1 : 0;
      await pause(40);
    }
    // The listener is closed and the slow request is still in flight: its body arrives now.
    slow.finish();
    expect(await slow.answered).toMatchObject({ status: 201 });
    expect(await socketClosed).toBe(WS_CLOSE.SERVICE_RESTART);
    expect(await server.exited).toBe(0);
    keptAlive.destroy();

    const why = `ready: ${JSON.stringify(ready)}\nreads: ${JSON.stringify(reads)}\n${server.output().slice(-1500)}`;
    // Ready answered 503 (the signal may land just after the first probe) and never 200 again once it had.
    const firstDown = ready.findIndex((a) => 'status' in a && a.status === 503);
    expect(firstDown, why).toBeGreaterThanOrEqual(0);
    expect(firstDown, why).toBeLessThanOrEqual(1);
    expect(
      ready.slice(firstDown).every((a) => ('status' in a ? a.status === 503 : a.error === 'ECONNREFUSED')),
      why,
    ).toBe(true);
    // Every read was answered 200 until connections were refused; none was cut off or refused with a 5xx.
    const served = reads.filter((a) => 'status' in a);
    expect(served.length, why).toBeGreaterThan(5);
    expect(
      served.every((a) => 'status' in a && a.status === 200),
      why,
    ).toBe(true);
    expect(
      reads.every((a) => 'status' in a || a.error === 'ECONNREFUSED'),
      why,
    ).toBe(true);
    // Served while draining, reads asked the client to take its next request elsewhere.
    expect(
      reads.slice(firstDown + 1).every((a) => !('status' in a) || a.connection === 'close'),
      why,
    ).toBe(true);
    server = undefined;
  });
});
