// Builds what `npm start` serves: the PWA (vite, into dist/) and the API server compiled to plain
// JavaScript (esbuild, into dist-server/), so production runs no TypeScript loader; tsx stays a
// development tool. Each build is skipped when its stamp is newer than its sources.
//   node src/server/build.mjs            build what is stale
//   node src/server/build.mjs --force    build both
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

export const root = new URL('../..', import.meta.url).pathname;
export const webDistDir = process.env.WEB_DIST_DIR ?? join(root, 'dist');
const serverOutDir = join(root, 'dist-server');
export const serverEntry = join(serverOutDir, 'server.mjs');

const webSources = ['src/web', 'src/shared', 'sw', 'public', 'index.html', 'vite.config.ts', 'package-lock.json'];
const serverSources = ['src/server', 'src/shared', 'package-lock.json'];
/** Loaded from node_modules at run time rather than bundled into dist-server (see buildServer). */
const SERVER_EXTERNAL_PACKAGES = [
  '@electric-sql/pglite',
  '@electric-sql/pglite/*',
  'sharp',
  '@node-rs/argon2',
  'pg',
  'pg-native',
  'bufferutil',
  'utf-8-validate',
];

/** Newest modification time under the given paths (relative to the project root). */
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

/** Runs `make()` when `output` is missing or its stamp is older than `sources`, then stamps it. */
async function buildWhenStale({ label, outDir, output, sources, force, make }) {
  const stampFile = join(outDir, '.build-stamp');
  const sourcesTime = newestMtime(sources);
  const builtTime = existsSync(stampFile) ? Number(readFileSync(stampFile, 'utf8')) : 0;
  if (!force && existsSync(output) && builtTime >= sourcesTime) return;
  console.log(`Building the Boafo ${label}${force ? '' : ' (first start or changed sources)'}...`);
  await make();
  writeFileSync(stampFile, String(sourcesTime));
}

export function buildWeb({ force = false } = {}) {
  return buildWhenStale({
    label: 'web app',
    outDir: webDistDir,
    output: join(webDistDir, 'index.html'),
    sources: webSources,
    force,
    make: async () => {
      const vite = join(root, 'node_modules/vite/bin/vite.js');
      const result = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn', '--outDir', webDistDir], {
        cwd: root,
        stdio: 'inherit',
      });
      if (result.status !== 0) throw new Error('the web build failed; see the output above');
    },
  });
}

export function buildServer({ force = false } = {}) {
  return buildWhenStale({
    label: 'server',
    outDir: serverOutDir,
    output: serverEntry,
    sources: serverSources,
    force,
    make: async () => {
      rmSync(serverOutDir, { recursive: true, force: true });
      await build({
        // The audit trail's check (`npm run audit:check`) shares the server's chunks.
        entryPoints: { server: join(root, 'src/server/server.ts'), 'check-audit-trail': join(root, 'src/server/check-audit-trail.ts') },
        outdir: serverOutDir,
        outExtension: { '.js': '.mjs' },
        bundle: true,
        // Modules imported on first use (pdf-lib, nodemailer, web-push, a database driver) stay in
        // chunks of their own, so bundling does not make start-up load them.
        splitting: true,
        platform: 'node',
        format: 'esm',
        target: 'node20',
        // Dependencies are bundled too: resolving and loading some 800 files of node_modules one at a time
        // was about 0.6 s of every start. Packages that read files beside their own code (PGlite's
        // WebAssembly and data bundle) or load native addons stay in node_modules, as do the
        // optional addons ws tries and the PostgreSQL driver's native binding.
        external: [...SERVER_EXTERNAL_PACKAGES],
        // Bundled CommonJS still calls require() for Node's built-in modules.
        banner: {
          js: "import { createRequire as createRequireForBundle } from 'node:module';\nconst require = createRequireForBundle(import.meta.url);",
        },
        sourcemap: true,
        // Stack traces need file names and lines; the sources themselves are on disk.
        sourcesContent: false,
        logLevel: 'warning',
      });
      // The migrator reads the SQL files relative to its own module, which is now server.mjs.
      cpSync(join(root, 'src/server/db/migrations'), join(serverOutDir, 'migrations'), { recursive: true });
    },
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const force = process.argv.includes('--force');
  try {
    await buildWeb({ force });
    await buildServer({ force });
  } catch (error) {
    console.error(`Build failed: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  }
}
