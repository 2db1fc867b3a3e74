// Starts the real Boafo server (built app + compiled API) as a child process on a free
// port with its own empty data directory, the way `npm start` runs it: plain node, no loader.
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..', '..', '..');
export const serverEntry = join(root, 'dist-server', 'server.mjs');

export interface RunningServer {
  url: string;
  port: number;
  pid: number;
  dataDir: string;
  output: () => string;
  /** Resolves with the exit code once the process has exited (null if a signal ended it). */
  exited: Promise<number | null>;
  stop: () => Promise<void>;
  /** Stops the process but keeps its data, so a restart sees the same database. */
  restart: () => Promise<RunningServer>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, log: () => string): Promise<void> {
  // Asked every 20 ms for up to a minute: the start-up benchmark reads its time from here.
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${log()}`);
    try {
      const response = await fetch(`${url}/api/health/`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`server did not become healthy:\n${log()}`);
}

export async function startServer(
  env: Record<string, string> = {},
  /** `pglite`: a PGlite folder copied in as the new DATA_DIR's database (none = an empty DATA_DIR). */
  options: { dataDir?: string; port?: number; pglite?: string } = {},
): Promise<RunningServer> {
  if (!existsSync(join(root, 'dist', 'index.html')) || !existsSync(serverEntry)) {
    throw new Error('dist/ or dist-server/ is missing: run `npm run build` before the browser tests');
  }
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'boafo-browser-'));
  if (options.pglite && !options.dataDir) cpSync(options.pglite, join(dataDir, 'pglite'), { recursive: true });
  const port = options.port ?? (await freePort());
  let output = '';
  const child = spawn(process.execPath, ['--enable-source-maps', serverEntry], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${port}`;
  const kill = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  // A server that never became healthy is stopped here: nothing else holds it, and left running it
  // would keep its port, its data folder and a share of the machine for the rest of the run.
  await waitForHealth(url, child, () => output).catch(async (error: unknown) => {
    await kill();
    if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    throw error;
  });

  return {
    url,
    port,
    pid: child.pid!,
    dataDir,
    output: () => output,
    exited,
    stop: async () => {
      await kill();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
    restart: async () => {
      await kill();
      return startServer(env, { dataDir, port });
    },
  };
}
