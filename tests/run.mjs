// `npm test`: the type checker, the linter and the formatter's check, then server and web tests, then a production build (web app and
// compiled server), then the browser tests against that build. Prints one closing line
// "Tests: N passed, N failed, N skipped".
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { reexecUnderWantedNode } from '../scripts/node-runtime.mjs';

// On a machine whose node is older than .nvmrc's, the whole run goes under that version.
await reexecUnderWantedNode(fileURLToPath(import.meta.url), process.argv.slice(2));

const root = new URL('..', import.meta.url).pathname;
const vitest = join(root, 'node_modules/vitest/vitest.mjs');
const tsc = join(root, 'node_modules/typescript/bin/tsc');
const eslint = join(root, 'node_modules/eslint/bin/eslint.js');
const prettier = join(root, 'node_modules/prettier/bin/prettier.cjs');
const reports = mkdtempSync(join(tmpdir(), 'boafo-test-'));
const only = process.argv.slice(2);
const totals = { passed: 0, failed: 0, skipped: 0 };
let ok = true;

function run(args) {
  const result = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
  return result.status === 0;
}

function runProject(name) {
  const outputFile = join(reports, `${name}.json`);
  const passed = run([vitest, 'run', '--project', name, '--reporter=default', '--reporter=json', `--outputFile=${outputFile}`]);
  if (existsSync(outputFile)) {
    const report = JSON.parse(readFileSync(outputFile, 'utf8'));
    totals.passed += report.numPassedTests;
    totals.failed += report.numFailedTests;
    totals.skipped += report.numPendingTests + report.numTodoTests;
    if (report.numTotalTests === 0) ok = false;
  } else {
    totals.failed += 1;
  }
  ok &&= passed;
}

/** A check that is not a vitest project (type checker, build): it fails the run as one failed test. */
function runStep(title, args) {
  console.log(`\n${title}...`);
  if (run(args)) return true;
  console.log(`${title} failed.`);
  ok = false;
  totals.failed += 1;
  return false;
}

const phases = only.length ? only : ['check', 'server', 'web', 'browser'];
for (const phase of phases) {
  if (phase === 'check') {
    runStep('Type checking (tsc --noEmit)', [tsc, '--noEmit', '-p', root]);
    runStep('Linting (eslint: correctness, accessibility, one-way imports)', [eslint, root]);
    runStep('Formatting (prettier --check; `npm run format` fixes it)', [prettier, '--check', '--log-level=warn', root]);
    continue;
  }
  if (
    phase === 'browser' &&
    !runStep('Building the web app and the server for the browser tests', [join(root, 'src/server/build.mjs'), '--force'])
  )
    break;
  runProject(phase);
}

console.log(`\nTests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(ok && totals.failed === 0 ? 0 : 1);
