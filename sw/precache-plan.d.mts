// Types of sw/precache-plan.mjs (the build's precache plan) for vite.config.ts and the tests.
export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  assets?: string[];
}
export type ViteManifest = Record<string, ManifestChunk>;
export const DONOR_ROUTES: string[];
export function donorDynamicImport(key: string): boolean;
export function donorAssets(manifest: ViteManifest): Set<string>;
export function keepInPrecache(url: string, donor: Set<string>): boolean;
export function donorPrecache(
  outDir: string,
): <E extends { url: string; revision: string | null; size: number }>(entries: E[]) => Promise<{ manifest: E[]; warnings: string[] }>;
