/**
 * Build time only (vite.config.ts): puts the code a donor's screens share into ONE chunk instead of about eighty.
 *
 * Rolldown's automatic splitting makes a chunk for every set of routes that share a module, so the donor's visit was
 * about a hundred files of a few hundred bytes each: on a first visit each costs a request from the page and another
 * from the worker's install, with some 300 bytes of response headers apiece, and small files compress worse than one
 * large one. Every donor file is precached on the first visit anyway (precache-plan.mjs), so one shared chunk costs no
 * byte that was not spent already.
 *
 * What goes in: every module the app (start-app.tsx) reaches through its static imports and the donor's lazy screens
 * (the same rule as the precache: precache-plan.mjs's donorDynamicImport), except
 * - what the landing page loads before the app starts (index.html's entry, the worker registration, the catalogs):
 *   it stays in its own small files, so the landing's first script does not grow;
 * - the lazy screens and parts themselves (routes, landing sections, cause updates...): each stays a chunk of its
 *   own, named in Vite's manifest as before, and holds only its own module;
 * - admin and organizer code, which a donor's screens never reach and which therefore stays out of the precache.
 */
import { relative } from 'node:path';
import { donorDynamicImport } from './precache-plan.mjs';

const APP = /[\\/]src[\\/]web[\\/]start-app\.tsx$/;

/**
 * A plugin that reads the module graph once it is complete (buildEnd, before chunks are made) and the
 * `codeSplitting` option whose group asks it which modules are shared donor code.
 * @param {string} root the project root (module ids are absolute paths)
 */
export function donorChunks(root) {
  /** @type {Set<string>} */
  const shared = new Set();
  /** @type {import('vite').Plugin} */
  const plugin = {
    name: 'boafo-donor-chunks',
    apply: 'build',
    buildEnd() {
      shared.clear();
      const info = (id) => this.getModuleInfo(id);
      /** Every module `starts` reach through static imports, and the dynamic imports `lazy` accepts. */
      const reach = (starts, lazy = () => false) => {
        const seen = new Set();
        const next = [...starts];
        while (next.length) {
          const id = next.pop();
          if (seen.has(id)) continue;
          seen.add(id);
          const module = info(id);
          next.push(...(module?.importedIds ?? []));
          for (const id of module?.dynamicallyImportedIds ?? []) if (lazy(id)) next.push(id);
        }
        return seen;
      };
      const ids = [...this.getModuleIds()];
      const app = ids.find((id) => APP.test(id));
      if (!app) return;
      const donor = reach([app], (id) => donorDynamicImport(relative(root, id)));
      // What the landing page loads before the app starts (index.html's entry and what it loads lazily: the worker
      // registration, a catalog) stays out, so it never loads the shared chunk.
      const beforeApp = reach(
        ids.filter((id) => info(id)?.isEntry),
        (id) => id !== app,
      );
      for (const id of donor) {
        const module = info(id);
        // A lazy part keeps its own chunk unless a shared module also imports it statically.
        const lazyOnly = (module?.dynamicImporters.length ?? 0) > 0 && (module?.importers.length ?? 0) === 0;
        if (!beforeApp.has(id) && !module?.isEntry && !lazyOnly) shared.add(id);
      }
    },
  };
  /** Output option for build.rolldownOptions.output.codeSplitting. */
  const codeSplitting = {
    groups: [
      {
        name: 'donor',
        test: (/** @type {string} */ id) => shared.has(id),
        // Not the modules the landing loads before the app, which shared code imports too: they stay in the landing's
        // own files (the shared chunk imports those, never the other way round, so the chunks form no cycle).
        includeDependenciesRecursively: false,
      },
    ],
  };
  return { plugin, codeSplitting };
}
