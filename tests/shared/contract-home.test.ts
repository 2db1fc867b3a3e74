/**
 * The contract has one home: the schemas and their types in src/shared/contract/<resource>.ts, the
 * plain values they use in modules that import nothing of ours. Imports inside src/shared go one way
 * (no circle, type imports included), and the linter keeps schema code out of the web bundle: src/web
 * and sw may import src/shared/contract as types only.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Linter, type Rule } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SHARED = path.join(ROOT, 'src/shared');
const CONTRACT = path.join(SHARED, 'contract');
/** The house's import rule as eslint.config.js loads it (plain JavaScript, so imported by path). */
const { importBoundaries } = (await import(path.join(ROOT, 'scripts/import-boundaries.js'))) as { importBoundaries: Rule.RuleModule };

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The files of ours a file imports, values and types alike. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specifiers = [...text.matchAll(/(?:^|\n)\s*(?:import|export)\b[^'";]*?(?:from\s+)?'(\.[^']+)'/g)].map((m) => m[1]);
  return specifiers.map((spec) => {
    const base = path.resolve(path.dirname(file), spec);
    const found = [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')].find((candidate) => existsSync(candidate));
    if (!found) throw new Error(`${path.relative(ROOT, file)}: cannot resolve ${spec}`);
    return found;
  });
}

/** Every import circle of a graph (file → the files it imports), each as "a.ts -> b.ts -> a.ts" relative to src/shared. */
function circles(graph: Map<string, string[]>): string[] {
  const found = new Set<string>();
  const state = new Map<string, 'open' | 'done'>();
  const visit = (file: string, trail: string[]) => {
    if (state.get(file) === 'done') return;
    if (state.get(file) === 'open') {
      const loop = trail.slice(trail.indexOf(file)).map((f) => path.relative(SHARED, f));
      found.add([...loop, loop[0]].join(' -> '));
      return;
    }
    state.set(file, 'open');
    for (const next of graph.get(file) ?? []) visit(next, [...trail, file]);
    state.set(file, 'done');
  };
  for (const file of graph.keys()) visit(file, []);
  return [...found];
}

describe('src/shared imports go one way', () => {
  it('has no import circle, counting type imports', () => {
    const files = sourceFiles(SHARED);
    expect(circles(new Map(files.map((file) => [file, importsOf(file)])))).toEqual([]);
  });

  it('finds a circle when there is one', () => {
    const [schemas, limits, common] = ['contract/updates.ts', 'limits.ts', 'contract/common.ts'].map((f) => path.join(SHARED, f));
    const graph = new Map([
      [schemas, [common, limits]],
      [limits, [schemas]],
      [common, []],
    ]);
    expect(circles(graph)).toEqual(['contract/updates.ts -> limits.ts -> contract/updates.ts']);
  });

  it('the plain modules the schemas use import nothing of ours', () => {
    const plain = new Set(
      sourceFiles(CONTRACT)
        .flatMap(importsOf)
        .filter((file) => !file.startsWith(CONTRACT + path.sep)),
    );
    expect([...plain].map((file) => path.relative(SHARED, file)).sort()).toEqual([
      'api-errors.ts',
      'audit-actions.ts',
      'cause-list.ts',
      'i18n/locales.ts',
      'limits.ts',
      'phone.ts',
    ]);
    for (const file of plain)
      expect({ file: path.relative(SHARED, file), imports: importsOf(file) }).toEqual({ file: path.relative(SHARED, file), imports: [] });
  });
});

describe('the linter keeps schema code out of the web bundle', () => {
  const linter = new Linter({ configType: 'flat', cwd: ROOT });
  const config = [
    {
      files: ['**/*.ts'],
      languageOptions: { parser: tseslint.parser },
      plugins: { boafo: { rules: { 'import-boundaries': importBoundaries } } },
      rules: { 'boafo/import-boundaries': 'error' as const },
    },
  ];
  /** The messages of our rule for `code` written in the file at `file` (relative to the project root). */
  const lint = (file: string, code: string) =>
    linter.verify(code, config, { filename: path.join(ROOT, file) }).map((m) => `${m.line}: ${m.ruleId ?? 'parser'} ${m.message}`);

  it('refuses a value import of src/shared/contract from src/web and sw', () => {
    const code = [
      "import { CauseSchema } from '../../../../shared/contract/causes';",
      "import { ProfileSchema, type Profile } from '../../../../shared/contract/profile';",
      "import '../../../../shared/contract/push';",
      "export { UserRoleSchema } from '../../../../shared/contract/common';",
      "export const later = () => import('../../../../shared/contract/mail');",
    ].join('\n');
    const refused = lint('src/web/features/causes/components/example.ts', code);
    expect(refused.map((m) => m.slice(0, m.indexOf(' ')))).toEqual(['1:', '2:', '3:', '4:', '5:']);
    expect(refused[0]).toContain('import it with `import type` only');
    expect(lint('sw/example.ts', "import { CauseSchema } from '../src/shared/contract/causes';")).toHaveLength(1);
  });

  it('accepts type-only imports, the plain modules, and value imports on the server', () => {
    const typeOnly = [
      "import type { Cause } from '../../../../shared/contract/causes';",
      "import { type CartItem, type Cart } from '../../../../shared/contract/cart';",
      "export type { Role } from '../../../../shared/contract/common';",
      "import { CAUSE_PAGE_SIZE } from '../../../../shared/cause-list';",
      "import { UPDATE_BODY_MAX } from '../../../../shared/limits';",
    ].join('\n');
    expect(lint('src/web/features/causes/components/example.ts', typeOnly)).toEqual([]);
    expect(lint('src/server/routes/api/causes/example.ts', "import { CauseSchema } from '../../../../shared/contract/causes';")).toEqual(
      [],
    );
  });
});
