/// <reference types="vitest/config" />
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { donorPrecache } from './sw/precache-plan.mjs';
import { donorChunks } from './sw/donor-chunks.mjs';

// Everything the dev server does not serve itself belongs to the API server.
const API_TARGET = 'http://localhost:3000';

/**
 * Writes .br and .gz twins of text assets after the build, so the server sends compressed files
 * without compressing on every request (@fastify/static preCompressed). On 2G/3G in Ghana the
 * bytes on the wire are what the user waits for: brotli shrinks our JS to about a third.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  const visit = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) visit(path);
      else if (/\.(js|mjs|css|html|svg|webmanifest|json)$/.test(name) && statSync(path).size > 1024) {
        const data = readFileSync(path);
        writeFileSync(`${path}.br`, brotliCompressSync(data, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${path}.gz`, gzipSync(data, { level: 9 }));
      }
    }
  };
  return {
    name: 'boafo-precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    // Runs after vite-plugin-pwa has written sw.js, so the worker is compressed too.
    closeBundle: { order: 'post', handler: () => visit(outDir) },
  };
}

// The donor's shared code as one chunk instead of about eighty (sw/donor-chunks.mjs).
const donorChunking = donorChunks(import.meta.dirname);

// Build config for the PWA (src/web + sw/) and the vitest projects for tests/.
// The web helper owns `plugins`; the `test` block is shared.
export default defineConfig({
  plugins: [
    // Must run before react() so route files are already split when JSX is compiled.
    tanstackRouter({
      target: 'react',
      routesDirectory: 'src/web/routes',
      generatedRouteTree: 'src/web/route-tree.gen.ts',
      // Each route's component becomes its own chunk, which keeps the landing load small.
      autoCodeSplitting: true,
      // ...except the landing route: it is the first screen almost everyone sees, and splitting it
      // adds a second network round trip before anything paints on a slow mobile connection.
      codeSplittingOptions: { splitBehavior: ({ routeId }) => (routeId === '/' ? [] : undefined) },
    }),
    react(),
    VitePWA({
      // Our own worker (sw/sw.ts) so we control navigation, media caching and background sync.
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      // The page registers the worker itself with workbox-window (src/web/features/pwa).
      injectRegister: false,
      // A new worker waits until the user accepts the update prompt.
      registerType: 'prompt',
      // The icons are in the glob already (and the plugin adds manifest.webmanifest itself, hence not in the glob):
      // listing them twice precached each one twice.
      includeManifestIcons: false,
      injectManifest: {
        // Every built file is a candidate; donorPrecache keeps only what a donor's offline visit needs (the shell, the
        // giving screens, English) and the worker caches every other screen the first time it is opened
        // (sw/precache-plan.ts, sw.ts): a guest's first visit no longer downloads the admin and organizer screens.
        globPatterns: ['**/*.{js,css,html,svg,png}'],
        manifestTransforms: [donorPrecache('dist')],
      },
      manifest: {
        name: 'Boafo',
        short_name: 'Boafo',
        description: 'Give to causes in Ghana and raise funds for people who need help, even with a weak connection.',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: '#9c3d14',
        background_color: '#fffaf3',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-512-maskable.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
    }),
    precompress(),
    donorChunking.plugin,
  ],
  build: {
    // No <link rel=modulepreload> for the entry's imports: on a slow link they compete with the
    // stylesheet and hold back the first paint of index.html's static hero; the browser still
    // fetches them as soon as the entry module is parsed. A lazy import (the app, a screen) asks for
    // everything it imports at once, instead of finding each file only when the one before it has come:
    // on Slow 4G each such step is a 0.56 s round trip (npm run bench -- data, Donate → amount form).
    modulePreload: {
      polyfill: false,
      resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? [] : deps),
    },
    // The server reads it to link a deep link's route stylesheets (src/server/pages/route-styles.ts).
    manifest: true,
    rolldownOptions: { output: { codeSplitting: donorChunking.codeSplitting } },
  },
  server: {
    proxy: {
      '/api': API_TARGET,
      '/media': API_TARGET,
      '/ws': { target: API_TARGET, ws: true },
    },
  },
  test: {
    projects: [
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts', 'tests/shared/**/*.test.ts'],
          // One migrated PGlite image and PostgreSQL template per run, which test apps start from.
          globalSetup: ['tests/server/helpers/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
          // Server test files mostly wait on PostgreSQL/PGlite I/O, so two run side by side even on 2 cores.
          maxWorkers: 2,
          // A worker process runs file after file instead of a new process per file: importing the app
          // (Fastify, every route, Drizzle, pg, PGlite) took 4-6 s per file on the loaded CI machine, and
          // 8 light files took 75-87 s instead of 122-190 s. Each file still builds its own apps on its own
          // databases (helpers/app.ts); no server test mocks modules or changes process-wide state.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['tests/web/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/web/setup.ts'],
          // The real API server (in-memory PGlite) the cart tests talk to over HTTP.
          globalSetup: ['tests/web/server/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Vitest's default on 2 cores is one worker (cores - 1). Each file spends about a second
          // creating its jsdom and importing the app while the other worker's file runs: 2 workers
          // took 87 s against 103-118 s for one on the same machine.
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'browser',
          environment: 'node',
          include: ['tests/browser/**/*.test.ts'],
          // One migrated and seeded PGlite folder per run, copied into each started server's DATA_DIR.
          globalSetup: ['tests/browser/helpers/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // expect.poll waits as long as a person would on this slow shared machine (Vitest's 1 s
          // was shorter than the app's first start after a tap on a painted page under load).
          expect: { poll: { timeout: 10_000 } },
          fileParallelism: false,
        },
      },
    ],
  },
});
