// `npm start`: build the PWA and compile the server when their sources changed since the last
// build, then run the compiled API server (which also serves the built app) on one port.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { reexecUnderWantedNode } from '../../scripts/node-runtime.mjs';

// On a machine whose node is older than .nvmrc's, run this again under that version first.
await reexecUnderWantedNode(fileURLToPath(import.meta.url), process.argv.slice(2));
const { buildServer, buildWeb, root, serverEntry, webDistDir } = await import('./build.mjs');

try {
  await buildWeb();
  await buildServer();
} catch (error) {
  console.error(`Boafo cannot start: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}

// Plain node on compiled JavaScript: no TypeScript loader in production.
const server = spawn(process.execPath, ['--enable-source-maps', serverEntry], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, WEB_DIST_DIR: webDistDir },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
