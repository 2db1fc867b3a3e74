// `npm start`: build the PWA when its sources are newer than the last build,
// then run the API server (which also serves the built app) on one port.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('../..', import.meta.url).pathname;
const dist = process.env.WEB_DIST_DIR ?? join(root, 'dist');
const stampFile = join(dist, '.build-stamp');
const webSources = ['src/web', 'src/shared', 'sw', 'public', 'index.html', 'vite.config.ts', 'package-lock.json'];

/** Newest modification time under the given paths, so a stale build is rebuilt. */
function newestMtime(paths) {
  let newest = 0;
  const visit = (path) => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(path)) visit(join(path, entry));
    } else if (!path.endsWith('.gen.ts')) {
      newest = Math.max(newest, stat.mtimeMs);
    }
  };
  for (const path of paths) visit(join(root, path));
  return newest;
}

const sourcesTime = newestMtime(webSources);
const builtTime = existsSync(stampFile) ? Number(readFileSync(stampFile, 'utf8')) : 0;
if (!existsSync(join(dist, 'index.html')) || builtTime < sourcesTime) {
  console.log('Building the Boafo web app (first start or changed sources)...');
  const build = spawnSync(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', dist], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) {
    console.error('The web build failed; see the output above.');
    process.exit(build.status ?? 1);
  }
  writeFileSync(stampFile, String(sourcesTime));
}

const server = spawn(process.execPath, ['--import', 'tsx', join(root, 'src/server/server.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, WEB_DIST_DIR: dist },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
