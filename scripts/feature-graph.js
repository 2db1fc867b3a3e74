// `npm run graph:features`: the imports between folders under src/web/features, "from -> to (count)".
// Allowed edges are declared in scripts/import-boundaries.js; the linter refuses the others.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
const root = process.cwd();
const features = join(root, 'src/web/features');
const edges = new Map();
function walk(dir) {
  for (const name of readdirSync(dir)) {
    const file = join(dir, name);
    if (statSync(file).isDirectory()) walk(file);
    else if (/\.(ts|tsx)$/.test(name)) scan(file);
  }
}
function featureOf(file) {
  const rel = relative(features, file);
  return rel.startsWith('..') ? null : rel.split(sep)[0];
}
function scan(file) {
  const from = featureOf(file);
  const text = readFileSync(file, 'utf8');
  for (const m of text.matchAll(/(?:from\s+|import\(\s*)'(\.[^']+)'/g)) {
    const to = featureOf(resolve(dirname(file), m[1]));
    if (to && to !== from) edges.set(`${from} -> ${to}`, (edges.get(`${from} -> ${to}`) ?? 0) + 1);
  }
}
walk(features);
const sorted = [...edges].sort();
for (const [edge, n] of sorted) console.log(`${edge} (${n})`);
console.log(`${sorted.length} edges, ${sorted.reduce((a, [, n]) => a + n, 0)} imports`);
