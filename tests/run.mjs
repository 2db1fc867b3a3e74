// `npm test`: server and web tests, then a production build, then the browser
// tests against that build. Prints one closing line "Tests: N passed, N failed".
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const vitest = join(root, 'node_modules/vitest/vitest.mjs');
const vite = join(root, 'node_modules/vite/bin/vite.js');
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

const phases = only.length ? only : ['server', 'web', 'browser'];
for (const phase of phases) {
  if (phase === 'browser') {
    console.log('\nBuilding the web app for the browser tests...');
    if (!run([vite, 'build', '--logLevel', 'warn'])) {
      ok = false;
      totals.failed += 1;
      break;
    }
  }
  runProject(phase);
}

console.log(`\nTests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(ok && totals.failed === 0 ? 0 : 1);
