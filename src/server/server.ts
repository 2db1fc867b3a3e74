/** Process entry point: read config, build the app, listen, shut down cleanly on signals. */
import { networkInterfaces } from 'node:os';
import v8 from 'node:v8';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { DataDirInUseError } from './db/data-dir-lock';

function lanAddress(): string | null {
  for (const list of Object.values(networkInterfaces())) {
    for (const item of list ?? []) if (item.family === 'IPv4' && !item.internal) return item.address;
  }
  return null;
}

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Boafo cannot start: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  if (!config.databaseUrl && !config.pgliteOptimizedCode) {
    // Before PGlite compiles its WebAssembly (9 MB): by default V8 compiles it with its baseline
    // tier, then again with its optimising one for every function that gets busy, in background
    // threads whose scratch memory stays with the process. Baseline only was 172 MB idle instead
    // of 220-260 MB and started 0.4 s sooner on a two-core machine, for reads a few percent slower
    // (`npm run bench -- memory`). The process's own setting, so `node dist-server/server.mjs`
    // behaves like `npm start`; tests that build the app in-process keep V8's defaults.
    v8.setFlagsFromString('--liftoff-only');
  }
  const app = await buildApp(config);
  let closing = false;
  /**
   * SIGTERM (a deploy, docker stop, the load balancer's orchestrator): the drain.
   * 1. Ready answers 503 at once and answers carry `Connection: close` (plugins/app/lifecycle.ts).
   * 2. For DRAIN_SECONDS the process keeps serving everything, while the balancer's health checks
   *    see it leave; then app.close() runs its preClose hooks: sockets are closed with 1012 (the PWA
   *    reconnects through the balancer to a process that stays) and the mail and sweeper workers
   *    stop after the item they are on; then it stops accepting connections and waits for the
   *    requests in flight, and only then closes the database.
   * 3. Past SHUTDOWN_TIMEOUT_SECONDS of that, it exits anyway (status 1), saying so.
   * SIGINT (Ctrl-C in a terminal) does the same without the wait: nobody balances a terminal.
   */
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.lifecycle.drain();
    const delay = signal === 'SIGTERM' ? config.drain.delaySeconds : 0;
    app.log.info(`${signal} received: draining${delay > 0 ? ` for ${delay} s` : ''}, then shutting down`);
    if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay * 1000));
    const timer = setTimeout(() => {
      app.log.error(`Requests or workers still running ${config.drain.timeoutSeconds} s after the drain: exiting anyway`);
      process.exit(1);
    }, config.drain.timeoutSeconds * 1000);
    timer.unref();
    await app.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const wildcard = config.host === '0.0.0.0' || config.host === '::';
  const local = `http://${wildcard ? 'localhost' : config.host}:${port}`;
  const lan = wildcard ? lanAddress() : null;
  console.log(`Boafo is running at ${config.publicUrl ?? local}${lan ? ` (on your network: http://${lan}:${port})` : ''}`);
}

main().catch((error) => {
  if (error instanceof DataDirInUseError) console.error(`Boafo cannot start: ${error.message}`);
  else console.error('Boafo failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
