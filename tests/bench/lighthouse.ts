// Lighthouse mobile performance (simulated slow 4G, 4x slower CPU) for the three public routes.
// Each deep link is measured twice in the same run: as shared (the server's first-load page: API
// answers, snapshot and route styles inside the HTML) and, as its peer, the same screen behind a
// query string, which the server answers with the plain app shell.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LOCALE_COOKIE } from '../../src/shared/i18n/locales';
import { CHROMIUM_PATH as CHROME_PATH } from '../browser/helpers/browser';

const root = join(import.meta.dirname, '..', '..');

interface Score {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
}

/** `locale` other than English: the page is asked for as a device that picked it would (the app's language cookie). */
function runLighthouse(url: string, locale = 'en'): Score | string {
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
      ...(locale === 'en' ? [] : [`--extra-headers=${JSON.stringify({ Cookie: `${LOCALE_COOKIE}=${locale}` })}`]),
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

/**
 * Prints each route's score, in English and in Twi (the painted page and its words in Twi; the catalog chunk is
 * the app's, loaded when it starts); `peerQuery` adds the same route with the plain shell beside it.
 */
export function benchLighthouse(baseUrl: string, causeId: string): void {
  const routes: { path: string; peerQuery?: string }[] = [
    { path: '/' },
    { path: '/causelistpage', peerQuery: '?page=1' },
    { path: `/causes/${causeId}`, peerQuery: '?from=share' },
  ];
  console.log('Lighthouse mobile performance (target 100, LCP ≤ 2.5 s), English then Twi:');
  for (const locale of ['en', 'ak']) for (const route of routes) benchRoute(baseUrl, route, locale);
}

function benchRoute(baseUrl: string, route: { path: string; peerQuery?: string }, locale: string): void {
  const shared = runLighthouse(baseUrl + route.path, locale);
  const label = `${locale} ${route.path.startsWith('/causes/') ? '/causes/:id' : route.path}`.padEnd(18);
  if (typeof shared === 'string') return console.log(`  ${label} ${shared}`);
  if (!route.peerQuery) return console.log(`  ${label} ${describe(shared)}`);
  const peer = runLighthouse(baseUrl + route.path + route.peerQuery, locale);
  const peerText = typeof peer === 'string' ? peer : `${describe(peer)}  (LCP ratio ${(shared.lcp / peer.lcp).toFixed(2)})`;
  console.log(`  ${label} first-load page ${describe(shared)}\n  ${''.padEnd(18)} plain shell     ${peerText}`);
}
