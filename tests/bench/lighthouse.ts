// Lighthouse mobile performance (simulated slow 4G, 4x slower CPU) for the three public routes.
// Each deep link is measured twice in the same run: as shared (the server's first-load page: API
// answers, snapshot and route styles inside the HTML) and, as its peer, the same screen behind a
// query string, which the server answers with the plain app shell.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM_PATH as CHROME_PATH } from '../browser/helpers/browser';

const root = join(import.meta.dirname, '..', '..');

interface Score {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
}

function runLighthouse(url: string): Score | string {
  const output = join(tmpdir(), `boafo-lighthouse-${process.pid}-${Date.now()}.json`);
  const run = spawnSync(
    join(root, 'node_modules/.bin/lighthouse'),
    [
      url,
      '--only-categories=performance',
      '--form-factor=mobile',
      '--quiet',
      '--output=json',
      `--output-path=${output}`,
      '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync',
    ],
    { env: { ...process.env, CHROME_PATH }, encoding: 'utf8', timeout: 240_000 },
  );
  if (run.status !== 0 || !existsSync(output)) return `did not run (${run.stderr?.split('\n')[0] ?? run.error?.message})`;
  const report = JSON.parse(readFileSync(output, 'utf8'));
  rmSync(output, { force: true });
  const ms = (id: string) => report.audits[id].numericValue as number;
  return {
    score: Math.round(report.categories.performance.score * 100),
    fcp: ms('first-contentful-paint'),
    lcp: ms('largest-contentful-paint'),
    tbt: ms('total-blocking-time'),
  };
}

const describe = (s: Score) =>
  `${String(s.score).padStart(3)}  FCP ${(s.fcp / 1000).toFixed(1)} s  LCP ${(s.lcp / 1000).toFixed(1)} s  TBT ${Math.round(s.tbt)} ms`;

/** Prints each route's score; `peerQuery` adds the same route with the plain shell beside it. */
export function benchLighthouse(baseUrl: string, causeId: string): void {
  const routes: { path: string; peerQuery?: string }[] = [
    { path: '/' },
    { path: '/causelistpage', peerQuery: '?page=1' },
    { path: `/causes/${causeId}`, peerQuery: '?from=share' },
  ];
  console.log('Lighthouse mobile performance (target ≥ 95, LCP ≤ 2.5 s):');
  for (const route of routes) {
    const shared = runLighthouse(baseUrl + route.path);
    const label = (route.path.startsWith('/causes/') ? '/causes/:id' : route.path).padEnd(15);
    if (typeof shared === 'string') {
      console.log(`  ${label} ${shared}`);
      continue;
    }
    if (!route.peerQuery) {
      console.log(`  ${label} ${describe(shared)}`);
      continue;
    }
    const peer = runLighthouse(baseUrl + route.path + route.peerQuery);
    const peerText = typeof peer === 'string' ? peer : `${describe(peer)}  (LCP ratio ${(shared.lcp / peer.lcp).toFixed(2)})`;
    console.log(`  ${label} first-load page ${describe(shared)}\n  ${''.padEnd(15)} plain shell     ${peerText}`);
  }
}
