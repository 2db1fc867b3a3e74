// Types of sw/donor-chunks.mjs (the build's grouping of the donor's shared code) for vite.config.ts.
import type { Plugin } from 'vite';
export function donorChunks(root: string): {
  plugin: Plugin;
  codeSplitting: { groups: { name: string; test: (id: string) => boolean; includeDependenciesRecursively: boolean }[] };
};
