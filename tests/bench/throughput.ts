// Throughput of anonymous public reads: the compiled server as `npm start` runs it (request logging
// on, the public read cache at its default) beside bare Fastify answering the very same bytes with
// the same headers, both loaded the same way from this process in the same run. Prints req/s, the
// ratio (target ≥ 50 %) and p99, on PGlite and on PostgreSQL when it is reachable.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { freePort, serverEntry } from '../browser/helpers/server-process';
import { databaseUrl, onPostgres } from './postgres';

const CONNECTIONS = 50;
const SECONDS = 5;

interface Captured {
  label: string;
  path: string;
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** Serves each captured path with its exact status, headers and bytes: Fastify's floor for this work. */
const BARE_FASTIFY = `
import Fastify from 'fastify';
const routes = JSON.parse(process.env.ROUTES);
const app = Fastify();
for (const r of routes) {
  const body = Buffer.from(r.body, 'base64');
  app.get(r.path.split('?')[0], (request, reply) => { reply.code(r.status).headers(r.headers).send(body); });
}
app.get('/api/health/', async () => ({ status: 'ok' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });`;

async function waitForHealth(url: string): Promise<void> {
  for (let i = 0; i < 600; i += 1) {
    const ok = await fetch(`${url}/api/health/`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not become healthy`);
}

async function spawnAndWait(args: string[], env: Record<string, string>): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, args, { env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' }, stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}`;
  await waitForHealth(url);
  return { url, child };
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** CONNECTIONS keep-alive connections each sending the next request as soon as the last answered. */
async function load(url: string, path: string): Promise<{ rps: number; p99: number }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const target = new URL(path, url);
  const latencies: number[] = [];
  const end = performance.now() + SECONDS * 1000;
  const one = () =>
    new Promise<void>((resolve, reject) => {
      const started = performance.now();
      http
        .get(target, { agent }, (res) => {
          res.on('data', () => {});
          res.on('end', () => {
            if ((res.statusCode ?? 500) >= 400) reject(new Error(`${path} answered ${res.statusCode}`));
            latencies.push(performance.now() - started);
            resolve();
          });
        })
        .on('error', reject);
    });
  const worker = async () => {
    while (performance.now() < end) await one();
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return { rps: latencies.length / SECONDS, p99: latencies[Math.floor(latencies.length * 0.99)] ?? 0 };
}

async function capture(url: string): Promise<Captured[]> {
  const list = (await fetch(`${url}/api/causes/list/`).then((r) => r.json())) as { results: { id: string }[] };
  const id = list.results[0]!.id;
  const reads = [
    ['cause list, page 1', '/api/causes/list/'],
    ['cause list by popularity', '/api/causes/list/?ordering=popularity'],
    ['cause details', `/api/causes/details/${id}/`],
    ['landing statistics', '/api/statistics/'],
    ['success stories', '/api/success-stories/'],
  ];
  const captured: Captured[] = [];
  for (const [label, path] of reads) {
    const res = await fetch(`${url}${path}`);
    const headers: Record<string, string> = {};
    for (const name of ['content-type', 'cache-control', 'etag', 'vary']) {
      const value = res.headers.get(name);
      if (value) headers[name] = value;
    }
    captured.push({ label, path, status: res.status, headers, body: Buffer.from(await res.arrayBuffer()) });
  }
  return captured;
}

async function benchOn(backend: string, env: Record<string, string>): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'boafo-throughput-'));
  const ours = await spawnAndWait(['--enable-source-maps', serverEntry], {
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    WEB_DIST_DIR: '/nonexistent',
    ...env,
  });
  try {
    const routes = await capture(ours.url);
    // Bare Fastify registers the path without its query: the captured bytes answer it either way.
    const distinct = routes.filter((r, i) => routes.findIndex((o) => o.path.split('?')[0] === r.path.split('?')[0]) === i);
    const bare = await spawnAndWait(['--input-type=module', '-e', BARE_FASTIFY], {
      ROUTES: JSON.stringify(distinct.map((r) => ({ ...r, body: r.body.toString('base64') }))),
    });
    try {
      console.log(`Throughput on ${backend} (${CONNECTIONS} connections, ${SECONDS} s each, compiled server with request logging):`);
      for (const route of routes) {
        const theirs = await load(bare.url, route.path);
        const mine = await load(ours.url, route.path);
        console.log(
          `  ${route.label.padEnd(34)} ${mine.rps.toFixed(0).padStart(6)} req/s (p99 ${mine.p99.toFixed(1)} ms)` +
            `  bare Fastify ${theirs.rps.toFixed(0).padStart(6)} req/s (p99 ${theirs.p99.toFixed(1)} ms)` +
            `  ratio ${((mine.rps / theirs.rps) * 100).toFixed(0)} %  (${route.body.length} bytes)`,
        );
      }
    } finally {
      await stop(bare.child);
    }
  } finally {
    await stop(ours.child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function benchThroughput(): Promise<void> {
  await benchOn('PGlite', {});
  const name = `boafo_throughput_${Date.now()}`;
  if (await onPostgres(`CREATE DATABASE ${name}`)) {
    try {
      await benchOn('PostgreSQL', { DATABASE_URL: databaseUrl(name) });
    } finally {
      await onPostgres(`DROP DATABASE ${name} WITH (FORCE)`);
    }
  } else {
    console.log('PostgreSQL not reachable: throughput there skipped');
  }
}
