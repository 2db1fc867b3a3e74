/**
 * The server's folders stand in layers and imports only go down (src/server/README.md, "The folders, from the top
 * down"): a lower folder that reached up for a type or a helper would tie the two into one knot, so a change at
 * the bottom (a repository) could not be read without the top (a route). Type-only imports count too.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, extname, join, normalize, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const server = join(root, 'src', 'server');

/** Top first. A folder may import its own layer and any layer below it, never one above. */
export const SERVER_LAYERS: string[][] = [
  ['server.ts', 'start.mjs', 'build.mjs', 'audit-check.mjs', 'check-audit-trail.ts', 'cli'],
  ['app.ts'],
  ['types.ts'],
  ['routes'],
  ['plugins/app'],
  ['jobs'],
  ['payouts'],
  ['realtime'],
  ['ussd'],
  ['payments'],
  ['push', 'pages', 'mail', 'sms', 'documents', 'seed'],
  ['media'],
  ['plugins/external'],
  ['repositories'],
  ['db'],
  ['lib', 'config.ts'],
];

/** The layer unit of a file under src/server: its top folder (plugins/app and plugins/external apart), or the file. */
function unitOf(file: string): string {
  const parts = relative(server, file).split(sep);
  if (parts.length === 1) return parts[0];
  return parts[0] === 'plugins' ? `plugins/${parts[1]}` : parts[0];
}

function layerOf(unit: string, layers: string[][]): number {
  const index = layers.findIndex((layer) => layer.includes(unit));
  if (index < 0) throw new Error(`src/server/${unit} has no layer: add it to SERVER_LAYERS (and the README's table)`);
  return index;
}

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : /\.(ts|mjs)$/.test(name) ? [path] : [];
  });
}

const IMPORT = /(?:^|\n)\s*(?:import|export)\b[^'"]*?\bfrom\s+['"](\.[^'"]+)['"]|\bimport\(\s*['"](\.[^'"]+)['"]\s*\)/g;

/** Every relative import inside src/server that goes up a layer, as "from -> to". */
export function importsGoingUp(files: { path: string; text: string }[], layers: string[][]): string[] {
  const up: string[] = [];
  for (const { path, text } of files) {
    for (const match of text.matchAll(IMPORT)) {
      const spec = normalize(join(dirname(path), match[1] ?? match[2]));
      // A top-level module named without its extension (`../config`) is a file, not a folder.
      const target = extname(spec) || !existsSync(`${spec}.ts`) ? spec : `${spec}.ts`;
      if (!target.startsWith(server + sep)) continue;
      const from = unitOf(path);
      const to = unitOf(target);
      if (from !== to && layerOf(to, layers) < layerOf(from, layers)) up.push(`${relative(root, path)} -> ${relative(root, target)}`);
    }
  }
  return up.sort();
}

const files = sources(server).map((path) => ({ path, text: readFileSync(path, 'utf8') }));

describe('server folders import downwards only', () => {
  it('every folder and top-level file has a layer', () => {
    for (const { path } of files) expect(() => layerOf(unitOf(path), SERVER_LAYERS)).not.toThrow();
  });

  it('no import runs back up a layer', () => {
    expect(importsGoingUp(files, SERVER_LAYERS)).toEqual([]);
  });

  it('catches an import that runs back up', () => {
    const fake = [{ path: join(server, 'repositories', 'causes.ts'), text: "import type { Repos } from '../plugins/app/repositories';" }];
    expect(importsGoingUp(fake, SERVER_LAYERS)).toEqual(['src/server/repositories/causes.ts -> src/server/plugins/app/repositories.ts']);
    const dynamic = [{ path: join(server, 'lib', 'x.ts'), text: "const m = await import('../mail/receipt-mail');" }];
    expect(importsGoingUp(dynamic, SERVER_LAYERS)).toEqual(['src/server/lib/x.ts -> src/server/mail/receipt-mail.ts']);
  });
});
