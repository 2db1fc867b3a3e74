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

export async function benchMemory(): Promise<void> {
  const first = await startServer();
  const started = performance.now();
  const warm = await first.restart();
  const startMs = performance.now() - started;
  await idle();
  const rss = rssMb(warm.pid);
  await warm.stop();
  const peer = await bareFastify();
  console.log('Server process (compiled, PGlite, demo data), beside bare Fastify:');
  console.log(
    `  idle RSS        ${rss.toFixed(0).padStart(5)} MB   bare Fastify ${peer.rss.toFixed(0).padStart(4)} MB   ratio ${(rss / peer.rss).toFixed(1)}×  (target ≤ 200 MB)`,
  );
  console.log(
    `  warm restart    ${startMs.toFixed(0).padStart(5)} ms   bare Fastify ${peer.startMs.toFixed(0).padStart(4)} ms   ratio ${(startMs / peer.startMs).toFixed(1)}×  (target ≤ 1.5 s, includes stopping the old process)`,
  );
}
