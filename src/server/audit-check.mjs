// `npm run audit:check`: compiles the server when its sources changed (as `npm start` does), then
// runs the compiled check with plain node: production loads no TypeScript loader.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { buildServer, root } from './build.mjs';

try {
  await buildServer();
} catch (error) {
  console.error(`Cannot check the audit trail: ${error instanceof Error ? error.message : error}`);
  process.exit(2);
}
const check = spawn(process.execPath, ['--enable-source-maps', join(root, 'dist-server', 'check-audit-trail.mjs')], {
  cwd: root,
  stdio: 'inherit',
});
check.on('exit', (code, signal) => process.exit(code ?? (signal ? 2 : 0)));
