// Builds what `npm start` serves: the PWA (vite, into dist/) and the API server compiled to plain
// JavaScript (esbuild, into dist-server/), so production runs no TypeScript loader; tsx stays a
// development tool. The command-line tools (backup, restore, media:migrate) compile the same way
// into dist-server/tools/. Each build is skipped when its stamp is newer than its sources.
//   node src/server/build.mjs            build what is stale
//   node src/server/build.mjs --force    build all three
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

export const root = new URL('../..', import.meta.url).pathname;
export const webDistDir = process.env.WEB_DIST_DIR ?? join(root, 'dist');
const serverOutDir = join(root, 'dist-server');
export const serverEntry = join(serverOutDir, 'server.mjs');
export const toolsOutDir = join(serverOutDir, 'tools');
/** src/server/cli/<tool>.ts, run by src/server/cli/run.mjs. */
export const TOOLS = ['backup', 'restore', 'media-migrate'];

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

/**
 * The message catalogs' compiled modules (scripts/i18n.mjs), so a translator's edit to a .po file shows on the
 * next start. They are committed and a test keeps them current, so this usually writes nothing.
 */
async function compileCatalogs() {
  const { compile } = await import('../../scripts/i18n.mjs');
  compile();
}

/** Runs `make()` when `output` is missing or its stamp is older than `sources`, then stamps it. */
async function buildWhenStale({ label, outDir, output, sources, force, make }) {
  await compileCatalogs();
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
    make: () =>
      bundleServerCode(
        // The audit trail's check (`npm run audit:check`) shares the server's chunks.
        { server: join(root, 'src/server/server.ts'), 'check-audit-trail': join(root, 'src/server/check-audit-trail.ts') },
        serverOutDir,
      ),
  });
}

/**
 * The command-line tools (`npm run backup`, `restore`, `media:migrate`), compiled like the server into a
 * folder of their own: building them never replaces the chunks a running server still loads on first use.
 */
export async function buildTools({ force = false } = {}) {
  // Two commands started together (two cron jobs, two test files) build one at a time: the second
  // finds the tools fresh instead of deleting them under the first one's running tool.
  const release = await takeBuildLock(`${toolsOutDir}.lock`);
  try {
    await buildWhenStale({
      label: 'command-line tools',
      outDir: toolsOutDir,
      output: join(toolsOutDir, 'backup.mjs'),
      sources: serverSources,
      force,
      make: () => bundleServerCode(Object.fromEntries(TOOLS.map((tool) => [tool, join(root, `src/server/cli/${tool}.ts`)])), toolsOutDir),
    });
  } finally {
    release();
  }
}

/** A folder as a lock (mkdir is atomic); one left by a builder that died is taken over after two minutes. */
async function takeBuildLock(path) {
  mkdirSync(dirname(path), { recursive: true });
  for (;;) {
    try {
      mkdirSync(path);
      return () => rmSync(path, { recursive: true, force: true });
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
    }
    const age = Date.now() - (statSync(path, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
    if (age > 120_000) rmSync(path, { recursive: true, force: true });
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function bundleServerCode(entryPoints, outdir) {
  rmSync(outdir, { recursive: true, force: true });
  await build({
    entryPoints,
    outdir,
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
  // The migrator reads the SQL files relative to its own module, which is now the entry point.
  cpSync(join(root, 'src/server/db/migrations'), join(outdir, 'migrations'), { recursive: true });
  // So do the PDFs with their font files (documents/pdf-kit.ts).
  cpSync(join(root, 'src/server/documents/fonts'), join(outdir, 'fonts'), { recursive: true });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const force = process.argv.includes('--force');
  try {
    await buildWeb({ force });
    await buildServer({ force });
    await buildTools({ force });
  } catch (error) {
    console.error(`Build failed: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  }
}
