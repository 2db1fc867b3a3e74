// The Node.js that runs Boafo: the version .nvmrc names (a line that still gets security fixes).
// Where the running node is older, the official binary comes from the npm registry's
// node-linux-<arch> package (the same bytes nodejs.org ships) into .node/<version>/ (ignored by
// git), since a registry may be the only network a machine has. `npm start`, `npm test` and
// scripts/use-node.sh (CI) all go through here, so a machine with an older node still runs the
// README's two commands.
//   node scripts/node-runtime.mjs   prints the path of the node binary to use
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
export const wantedNode = readFileSync(join(root, '.nvmrc'), 'utf8').trim();
const major = (version) => Number(version.replace(/^v/, '').split('.')[0]);

/** True when this process already runs a new enough Node.js. */
export function runningWantedNode() {
  return major(process.versions.node) >= major(wantedNode);
}

/** The path of a node binary of the wanted line: this one, or the registry's copy (installed once). */
export function wantedNodePath() {
  if (runningWantedNode()) return process.execPath;
  const arch = { x64: 'x64', arm64: 'arm64' }[process.arch];
  if (process.platform !== 'linux' || !arch) {
    throw new Error(`Boafo needs Node.js ${major(wantedNode)} or newer; this is ${process.version}. Install it.`);
  }
  const dir = join(root, '.node', wantedNode);
  const binary = join(dir, 'bin', 'node');
  if (existsSync(binary)) return binary;
  console.error(`Node.js ${process.version} is older than ${wantedNode}: taking node-linux-${arch}@${wantedNode} from the npm registry`);
  const tmp = mkdtempSync(join(tmpdir(), 'boafo-node-'));
  try {
    execFileSync('npm', ['pack', '--silent', `node-linux-${arch}@${wantedNode}`], { cwd: tmp, stdio: ['ignore', 'ignore', 'inherit'] });
    const tarball = readdirSync(tmp).find((name) => name.endsWith('.tgz'));
    mkdirSync(dir, { recursive: true });
    execFileSync('tar', ['-xzf', join(tmp, tarball), '-C', dir, '--strip-components=1', 'package/bin/node', 'package/LICENSE']);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  return binary;
}

/**
 * Runs this script again under the wanted node when the running one is older; returns only when the
 * running node is already right (the caller then goes on).
 */
export async function reexecUnderWantedNode(script, args) {
  if (runningWantedNode()) return;
  const { spawn } = await import('node:child_process');
  const binary = wantedNodePath();
  const child = spawn(binary, [script, ...args], {
    stdio: 'inherit',
    env: { ...process.env, PATH: `${join(binary, '..')}:${process.env.PATH}` },
  });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  const code = await new Promise((resolve) => child.on('exit', (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0))));
  process.exit(code);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) console.log(wantedNodePath());
