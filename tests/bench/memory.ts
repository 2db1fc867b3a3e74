// Server memory and start-up, each beside bare Fastify measured the same way in the same run:
// resident memory after 3 s idle, and a warm restart (a data folder that already has its tables
// and demo content) from spawn until /api/health/ answers.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { freePort, startServer } from '../browser/helpers/server-process';

const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;
const idle = () => new Promise((resolve) => setTimeout(resolve, 3000));

const BARE_FASTIFY = `
import Fastify from 'fastify';
const app = Fastify();
app.get('/api/health/', async () => ({ status: 'ok' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });`;

async function bareFastify(): Promise<{ startMs: number; rss: number }> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, ['--input-type=module', '-e', BARE_FASTIFY], {
    env: { ...process.env, PORT: String(port) },
    stdio: 'ignore',
  });
  for (;;) {
    const ok = await fetch(`http://127.0.0.1:${port}/api/health/`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const startMs = performance.now() - started;
  await idle();
  const rss = rssMb(child.pid!);
  child.kill();
  return { startMs, rss };
}

const ROUNDS = 3;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const range = (values: number[], digits = 0) => `${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)}`;

export async function benchMemory(): Promise<void> {
  // Idle RSS moves by tens of MB with when the collector last ran: the median of a few restarts.
  let server = await startServer();
  const rss: number[] = [];
  const starts: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const started = performance.now();
    server = await server.restart();
    starts.push(performance.now() - started);
    await idle();
    rss.push(rssMb(server.pid));
  }
  await server.stop();
  const peer = await bareFastify();
  console.log(`Server process (compiled, PGlite, demo data), median of ${ROUNDS} warm restarts, beside bare Fastify:`);
  console.log(
    `  idle RSS        ${median(rss).toFixed(0).padStart(5)} MB (${range(rss)})   bare Fastify ${peer.rss.toFixed(0).padStart(4)} MB   ratio ${(median(rss) / peer.rss).toFixed(1)}×  (target ≤ 200 MB)`,
  );
  console.log(
    `  warm restart    ${median(starts).toFixed(0).padStart(5)} ms (${range(starts)})   bare Fastify ${peer.startMs.toFixed(0).padStart(4)} ms   ratio ${(median(starts) / peer.startMs).toFixed(1)}×  (target ≤ 1.5 s, includes stopping the old process)`,
  );
}
