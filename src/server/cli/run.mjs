// `npm run backup|restore|media:migrate`: compiles the tools when their sources changed (as `npm start`
// compiles the server), then runs one with plain node: no TypeScript loader, as in production. Where
// only the build's output exists (an image without src/), run `node dist-server/tools/<tool>.mjs` instead.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { buildTools, TOOLS, toolsOutDir } from '../build.mjs';

const [tool, ...args] = process.argv.slice(2);
if (!TOOLS.includes(tool)) {
  console.error(`usage: node src/server/cli/run.mjs ${TOOLS.join('|')} [arguments]`);
  process.exit(2);
}
try {
  await buildTools();
} catch (error) {
  console.error(`Cannot build the tools: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
const child = spawn(process.execPath, ['--enable-source-maps', join(toolsOutDir, `${tool}.mjs`), ...args], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
