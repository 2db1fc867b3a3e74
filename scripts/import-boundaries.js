// The import rule of the house, as an ESLint rule (used by eslint.config.js):
// - src/shared imports nothing of ours outside src/shared (and no node: modules);
// - src/server imports src/shared, never src/web or sw;
// - src/web imports src/shared, never src/server;
// - sw imports src/shared and the web app's offline and lib modules only;
// - src/web and sw import the contract schemas (src/shared/contract) as types only, so no schema code
//   reaches the bundle; the plain values beside them (limits, page sizes, close codes) import nothing;
// - a web feature (src/web/features/<name>) imports the web platform (lib, components, stores, the
//   offline feature) and only the features it declares in FEATURE_DEPENDENCIES; src/web/routes puts
//   features together. The declared graph must have no cycle (checked when the rule loads).
import { dirname, relative, resolve, sep } from 'node:path';

const root = resolve(import.meta.dirname, '..');

/** Which features a feature may import (besides the platform). Keep this graph acyclic. */
export const FEATURE_DEPENDENCIES = {
  admin: [],
  auth: [],
  cart: [],
  causes: ['cart'],
  content: [],
  dashboard: [],
  donation: ['payment'],
  favorites: ['causes'],
  history: ['receipts'],
  landing: ['causes', 'content'],
  notifications: [],
  payment: ['receipts'],
  payouts: ['causes'],
  profile: [],
  pwa: [],
  receipts: [],
  refunds: ['causes'],
  security: [],
  updates: [],
  ussd: [],
};

/** Folders under src/web/features that are the web platform, usable by every feature. */
const PLATFORM_FEATURES = new Set(['offline']);

function assertAcyclic(graph) {
  const state = new Map();
  const visit = (node, path) => {
    if (state.get(node) === 'done') return;
    if (state.get(node) === 'open') throw new Error(`FEATURE_DEPENDENCIES has a cycle: ${[...path, node].join(' -> ')}`);
    state.set(node, 'open');
    for (const next of graph[node] ?? []) visit(next, [...path, node]);
    state.set(node, 'done');
  };
  for (const node of Object.keys(graph)) visit(node, []);
}
assertAcyclic(FEATURE_DEPENDENCIES);

/** 'shared' | 'server' | 'web' | 'sw' | 'other', and the feature for src/web/features/<name>/… */
function place(file) {
  const parts = relative(root, file).split(sep);
  if (parts[0] === 'sw') return { layer: 'sw' };
  if (parts[0] !== 'src') return { layer: 'other' };
  const layer = parts[1];
  if (layer === 'web' && parts[2] === 'features') return { layer, feature: parts[3], area: 'features' };
  return { layer, area: parts[2] };
}

const CONTRACT_VALUE_IMPORT =
  'src/shared/contract holds the schemas: src/web and sw import it with `import type` only, so no schema code reaches ' +
  'the bundle. Take plain values (limits, page sizes, close codes) from their module beside it, e.g. src/shared/limits.ts.';

/** True for `import type {…}`, `export type {…} from`, or a list whose every name is marked `type`. */
function typeOnly(node) {
  if (node.importKind === 'type' || node.exportKind === 'type') return true;
  const names = node.specifiers ?? [];
  return names.length > 0 && names.every((s) => s.importKind === 'type' || s.exportKind === 'type');
}

function problem(from, to) {
  if (from.layer === 'shared' && to.layer !== 'shared') return 'src/shared is the contract: it imports nothing of ours outside src/shared.';
  if (from.layer === 'server' && (to.layer === 'web' || to.layer === 'sw'))
    return 'The server never imports the web app or the service worker; share through src/shared.';
  if (from.layer === 'web' && (to.layer === 'server' || to.layer === 'sw'))
    return 'The web app never imports the server or the service worker; share through src/shared.';
  if (from.layer === 'sw' && to.layer === 'web' && !(to.area === 'lib' || (to.area === 'features' && PLATFORM_FEATURES.has(to.feature)))) {
    return "The service worker imports only src/shared and the web app's lib and offline modules.";
  }
  if (from.layer === 'web' && from.feature && to.layer === 'web') {
    if (to.area === 'routes') return 'Features never import routes: routes put features together.';
    if (
      to.feature &&
      to.feature !== from.feature &&
      !PLATFORM_FEATURES.has(to.feature) &&
      !(FEATURE_DEPENDENCIES[from.feature] ?? []).includes(to.feature)
    ) {
      return `Feature "${from.feature}" does not declare "${to.feature}" (scripts/import-boundaries.js): compose them in src/web/routes or move what they share to lib, components or stores.`;
    }
  }
  return null;
}

export const importBoundaries = {
  meta: { type: 'problem', docs: { description: 'One-way imports between shared, server, web, sw and web features' }, schema: [] },
  create(context) {
    const from = place(context.filename);
    const check = (node, source) => {
      if (typeof source !== 'string') return;
      if (from.layer === 'shared' && source.startsWith('node:')) {
        context.report({ node, message: 'src/shared runs in the browser too: no node: modules.' });
        return;
      }
      if (!source.startsWith('.')) return;
      const to = place(resolve(dirname(context.filename), source));
      if ((from.layer === 'web' || from.layer === 'sw') && to.layer === 'shared' && to.area === 'contract' && !typeOnly(node)) {
        context.report({ node, message: CONTRACT_VALUE_IMPORT });
        return;
      }
      const message = problem(from, to);
      if (message) context.report({ node, message });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};
