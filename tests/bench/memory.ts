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

async function restarts(env: Record<string, string>): Promise<{ rss: number[]; starts: number[] }> {
  // Idle RSS moves by tens of MB with when the collector last ran: the median of a few restarts.
  let server = await startServer(env);
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
  return { rss, starts };
}

export async function benchMemory(): Promise<void> {
  const baseline = await restarts({});
  // The same server letting V8 optimise PGlite's WebAssembly too (see server.ts): what the default saves.
  const optimized = await restarts({ PGLITE_OPTIMIZED_CODE: 'true' });
  const peer = await bareFastify();
  const line = (label: string, values: number[], unit: string, peerValue: number, target: string) =>
    console.log(
      `  ${label.padEnd(34)} ${median(values).toFixed(0).padStart(5)} ${unit} (${range(values)})   bare Fastify ${peerValue.toFixed(0).padStart(4)} ${unit}   ratio ${(median(values) / peerValue).toFixed(1)}×${target}`,
    );
  console.log(`Server process (compiled, PGlite, demo data), median of ${ROUNDS} warm restarts, beside bare Fastify:`);
  line('idle RSS', baseline.rss, 'MB', peer.rss, '  (target ≤ 200 MB)');
  line('warm restart', baseline.starts, 'ms', peer.startMs, '  (target ≤ 1.5 s, includes stopping the old process)');
  line('idle RSS, PGLITE_OPTIMIZED_CODE', optimized.rss, 'MB', peer.rss, '');
  line('warm restart, PGLITE_OPTIMIZED_CODE', optimized.starts, 'ms', peer.startMs, '');
}
