// `npm run bench -- ussd`: the time a USSD gateway waits for each step of a session (it hangs up
// after about 2 s), over 1,000 sessions on two server processes sharing one PostgreSQL, every step
// of a session going to the other process than the one before (the session lives in the database).
// Half the sessions check a cause (dial, 2, code), half go as far as a gift and say No (dial, 1,
// code, 20, 2), alternating Hubtel's JSON and Africa's Talking's form. Beside it, the peer: a plain
// cause read (GET /api/causes/details/{id}/, public cache off) on the same processes, as many
// requests, as many at a time. Needs `npm run build` (it runs the built server, as `npm start` does).
import { performance } from 'node:perf_hooks';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { startServer, type RunningServer } from '../browser/helpers/server-process';
import { databaseUrl, onPostgres } from './postgres';

const SESSIONS = 1_000;
const AT_ONCE = 4;
const TOKEN = 'bench-ussd-token-0123456789';
const SERVICE_CODE = '*920*44#';
const root = join(import.meta.dirname, '..', '..');

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function timed(run: () => Promise<Response>, samples: number[]): Promise<string> {
  const start = performance.now();
  const response = await run();
  const body = await response.text();
  samples.push(performance.now() - start);
  if (response.status >= 400) throw new Error(`answered ${response.status}: ${body}`);
  return body;
}

function hubtelStep(url: string, session: string, sequence: number, message: string, start: boolean) {
  return fetch(`${url}/api/ussd/hubtel/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Ussd-Token': TOKEN },
    body: JSON.stringify({
      SessionId: session,
      Type: start ? 'initiation' : 'response',
      Message: start ? SERVICE_CODE : message,
      ServiceCode: SERVICE_CODE,
      Mobile: '233241234561',
      Operator: 'mtn',
      ClientState: '',
      Sequence: sequence,
    }),
  });
}

function africasTalkingStep(url: string, session: string, text: string) {
  return fetch(`${url}/api/ussd/africastalking/?token=${TOKEN}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ sessionId: session, serviceCode: SERVICE_CODE, phoneNumber: '+233241234561', text }).toString(),
  });
}

/** One session's steps, each on the other process; answers the number of steps. */
async function playSession(urls: string[], i: number, code: string, samples: number[]): Promise<number> {
  const inputs = i % 2 === 0 ? ['2', code] : ['1', code, '20', '2'];
  const session = `bench-${Date.now()}-${i}`;
  const hubtel = i % 4 < 2;
  let text = '';
  const url = (step: number) => urls[(i + step) % urls.length];
  await timed(() => (hubtel ? hubtelStep(url(0), session, 1, '', true) : africasTalkingStep(url(0), session, '')), samples);
  for (const [n, input] of inputs.entries()) {
    text = text ? `${text}*${input}` : input;
    const body = await timed(
      () => (hubtel ? hubtelStep(url(n + 1), session, n + 2, input, false) : africasTalkingStep(url(n + 1), session, text)),
      samples,
    );
    if (/ended|Sorry/.test(body)) throw new Error(`session ${i} went wrong: ${body}`);
  }
  return inputs.length + 1;
}

async function inBatches(count: number, run: (i: number) => Promise<unknown>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: AT_ONCE }, async () => {
      while (next < count) await run(next++);
    }),
  );
}

function line(label: string, samples: number[]): number[] {
  const sorted = [...samples].sort((a, b) => a - b);
  const fmt = (n: number) => n.toFixed(2).padStart(7);
  const p = [percentile(sorted, 50), percentile(sorted, 95)];
  console.log(`  ${label.padEnd(44)} p50 ${fmt(p[0])} ms  p95 ${fmt(p[1])} ms  max ${fmt(sorted[sorted.length - 1])} ms`);
  return p;
}

export async function benchUssd(): Promise<void> {
  if (!existsSync(join(root, 'dist-server', 'server.mjs'))) {
    console.log('USSD: dist-server/ missing, run `npm run build` first');
    return;
  }
  const name = `boafo_bench_ussd_${Date.now()}`;
  if (!(await onPostgres(`CREATE DATABASE ${name}`))) {
    console.log('USSD: PostgreSQL not reachable, skipped');
    return;
  }
  const env = {
    DATABASE_URL: databaseUrl(name),
    USSD_GATEWAY_TOKEN: TOKEN,
    USSD_SERVICE_CODE: SERVICE_CODE,
    PUBLIC_CACHE_SECONDS: '0',
    SEED_DEMO: 'true',
  };
  const servers: RunningServer[] = [];
  try {
    // One after the other: the first migrates and seeds, the second finds it done.
    servers.push(await startServer(env));
    servers.push(await startServer(env));
    const urls = servers.map((s) => s.url);
    const list = (await (await fetch(`${urls[0]}/api/causes/list/?page_size=1`)).json()) as {
      results: { id: string; short_code: string }[];
    };
    const { id, short_code: code } = list.results[0];
    // Warm-up: JIT, prepared plans, pools on both processes.
    for (let i = 0; i < 20; i += 1) await playSession(urls, i, code, []);
    const ussd: number[] = [];
    let steps = 0;
    await inBatches(SESSIONS, async (i) => {
      const played = await playSession(urls, i, code, ussd);
      steps += played;
    });
    const peer: number[] = [];
    await inBatches(steps, (i) => timed(() => fetch(`${urls[i % 2]}/api/causes/details/${id}/`), peer));
    console.log(
      `USSD on two processes (PostgreSQL; ${SESSIONS.toLocaleString('en-GB')} sessions, ${steps.toLocaleString('en-GB')} steps, ${AT_ONCE} at a time, each step on the other process):`,
    );
    const [u50, u95] = line("USSD step (Hubtel and Africa's Talking)", ussd);
    const [p50, p95] = line('peer: GET /api/causes/details/{id}/', peer);
    console.log(`  ratio USSD step / cause read                  p50 ${(u50 / p50).toFixed(2)}×     p95 ${(u95 / p95).toFixed(2)}×`);
    console.log(`  steps over the gateways' 2 s: ${ussd.filter((ms) => ms > 2_000).length}`);
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    await onPostgres(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}
