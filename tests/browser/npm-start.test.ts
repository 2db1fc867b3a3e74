// `npm start` runs the server from compiled JavaScript: the process that answers HTTP is plain
// node on dist-server/server.mjs, with no TypeScript loader on its command line or in NODE_OPTIONS.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { freePort, serverEntry } from './helpers/server-process';

const root = join(import.meta.dirname, '..', '..');
const dataDir = mkdtempSync(join(tmpdir(), 'boafo-start-'));
let start: ChildProcess | undefined;

afterAll(async () => {
  if (start && start.exitCode === null) {
    const exited = new Promise((resolve) => start!.once('exit', resolve));
    start.kill('SIGTERM');
    await exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
});

/** Child processes of `pid`, read from /proc (Linux). */
function childrenOf(pid: number): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // Field 4 (after the parenthesised command name) is the parent pid.
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (parent === pid) found.push(Number(entry));
    } catch {
      // the process ended while we looked
    }
  }
  return found;
}

it('serves the API from compiled JavaScript with no TypeScript loader', async () => {
  const port = await freePort();
  let output = '';
  start = spawn(process.execPath, [join(root, 'src/server/start.mjs')], {
    cwd: root,
    env: { ...process.env, NODE_OPTIONS: '', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  start.stdout?.on('data', (chunk) => (output += chunk));
  start.stderr?.on('data', (chunk) => (output += chunk));

  await expect
    .poll(async () => (await fetch(`http://127.0.0.1:${port}/api/health/`).catch(() => null))?.status, {
      timeout: 120_000,
      interval: 200,
    })
    .toBe(200);
  // The build ran just before this phase, so start must not rebuild anything.
  expect(output).not.toMatch(/Building the Boafo/);

  const [serverPid] = childrenOf(start.pid!);
  expect(serverPid).toBeGreaterThan(0);
  const argv = readFileSync(`/proc/${serverPid}/cmdline`, 'utf8').split('\0').filter(Boolean);
  expect(argv).toContain(serverEntry);
  expect(argv.join(' ')).not.toMatch(/--import|--loader|--require|tsx/);
  const environ = readFileSync(`/proc/${serverPid}/environ`, 'utf8').split('\0');
  const nodeOptions = environ.find((line) => line.startsWith('NODE_OPTIONS=')) ?? '';
  expect(nodeOptions).not.toMatch(/--import|--loader|--require|tsx/);
});
