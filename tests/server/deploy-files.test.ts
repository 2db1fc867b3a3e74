/**
 * The Dockerfile, compose.yaml and deploy/Caddyfile agree with the code they run: the image starts
 * the file the build writes, every health check asks a route that exists, every setting they pass is
 * one the server reads, Caddy balances over the app services compose runs, and docker waits longer
 * than a drain takes. Always on and cheap. Linting with hadolint and building the image need tools
 * this machine may not have: those two run only where hadolint is installed / `docker info` answers,
 * and are skipped with the reason otherwise.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { SETTINGS } from '../../src/server/config';
import healthRoutes from '../../src/server/routes/api/health/index';

const root = join(import.meta.dirname, '..', '..');
const read = (file: string) => readFileSync(join(root, file), 'utf8');
const dockerfile = read('Dockerfile');
const compose = parseYaml(read('compose.yaml'), { merge: true }) as {
  services: Record<
    string,
    {
      environment?: Record<string, string>;
      healthcheck?: { test: string[] };
      stop_grace_period?: string;
      volumes?: string[];
      depends_on?: unknown;
    }
  >;
};
const caddyfile = read('deploy/Caddyfile');

/** The Dockerfile's stages: each FROM line and the instructions under it (continuation lines joined). */
function stages(text: string): { from: string; lines: string[] }[] {
  const lines = text
    .replace(/\\\n\s*/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  const found: { from: string; lines: string[] }[] = [];
  for (const line of lines) {
    if (/^FROM\s/i.test(line)) found.push({ from: line, lines: [] });
    else found.at(-1)?.lines.push(line);
  }
  return found;
}

const jsonArray = (line: string, instruction: string) => JSON.parse(line.slice(instruction.length).trim()) as string[];
const settingNames = new Set(SETTINGS.map((setting) => setting.name));
const appServices = Object.entries(compose.services).filter(([, service]) => service.environment?.DATABASE_URL);

async function routeExists(path: string): Promise<boolean> {
  const app = Fastify({ routerOptions: { ignoreTrailingSlash: true } });
  await app.register(healthRoutes, { prefix: '/api' });
  await app.ready();
  const exists = app.hasRoute({ method: 'GET', url: path }) || app.hasRoute({ method: 'GET', url: `${path}/` });
  await app.close();
  return exists;
}

describe('deploy files', () => {
  const all = stages(dockerfile);
  const final = all.at(-1)!;

  it('runs, in a last stage of its own as a user other than root, the server file the build writes', async () => {
    // The build script names its output; imported by path (a plain .mjs without types).
    const buildScript = pathToFileURL(join(root, 'src/server/build.mjs')).href;
    const { serverEntry } = (await import(/* @vite-ignore */ buildScript)) as { serverEntry: string };
    const cmd = jsonArray(
      final.lines.find((line) => line.startsWith('CMD '))!,
      'CMD',
    );
    expect(cmd[0]).toBe('node');
    expect(cmd.at(-1)).toBe(relative(root, serverEntry));
    const build = all.find((stage) => stage.lines.some((line) => line.includes('src/server/build.mjs')))!;
    expect(build, 'a stage runs src/server/build.mjs').toBeDefined();
    const buildName = /\sAS\s+(\S+)/i.exec(build.from)![1];
    for (const output of ['dist', 'dist-server']) {
      expect(final.lines, output).toContainEqual(expect.stringMatching(new RegExp(`^COPY --from=${buildName} /app/${output} `)));
    }
    const user = final.lines.filter((line) => line.startsWith('USER ')).at(-1);
    expect(user).toMatch(/^USER (?!root\b|0\b)\S+/);
    // Production dependencies only: the last stage's node_modules come from an `npm ci --omit=dev`.
    const depsFrom = /^COPY --from=(\S+) \/app\/node_modules/.exec(final.lines.find((line) => line.includes('/app/node_modules'))!)![1];
    const deps = all.find((stage) => new RegExp(`\\sAS\\s+${depsFrom}$`, 'i').test(stage.from))!;
    expect(deps.lines.join('\n')).toMatch(/npm ci --omit=dev/);
    // What the build stage copies in is not ignored.
    const ignored = read('.dockerignore')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith('#'));
    for (const needed of ['src', 'sw', 'public', 'index.html', 'vite.config.ts', 'package.json', 'package-lock.json']) {
      expect(ignored, needed).not.toContain(needed);
      expect(existsSync(join(root, needed)), needed).toBe(true);
    }
  });

  it('checks health on /api/health/ready, a route that exists, in the image, in compose and in Caddy', async () => {
    const probes = [
      final.lines.find((line) => line.startsWith('HEALTHCHECK '))!,
      ...appServices.map(([, service]) => service.healthcheck!.test.join(' ')),
      /health_uri\s+(\S+)/.exec(caddyfile)![1],
    ];
    expect(appServices.length).toBeGreaterThanOrEqual(2);
    for (const probe of probes) {
      const path = /\/api\/health\/[\w/]+/.exec(probe)?.[0];
      expect(path, probe).toMatch(/^\/api\/health\/ready\/?$/);
      expect(await routeExists(path!), path).toBe(true);
    }
  });

  it('passes only settings the server reads, and gives a drain time to finish before docker kills it', () => {
    const imageEnv = final.lines
      .filter((line) => line.startsWith('ENV '))
      .flatMap((line) => [...line.slice(4).matchAll(/(\w+)=/g)].map((match) => match[1]));
    for (const name of imageEnv.filter((n) => n !== 'NODE_ENV')) expect(settingNames, name).toContain(name);
    for (const [, service] of appServices) {
      for (const name of Object.keys(service.environment!)) expect(settingNames, name).toContain(name);
      const env = service.environment!;
      const grace = Number(/^(\d+)s$/.exec(service.stop_grace_period ?? '')?.[1]);
      expect(grace).toBeGreaterThan(Number(env.DRAIN_SECONDS) + Number(env.SHUTDOWN_TIMEOUT_SECONDS));
      expect(env.DATABASE_URL).toMatch(/@postgres:5432\//);
      expect(env.TRUST_PROXY).toBe('true');
    }
    expect(compose.services.postgres).toBeDefined();
  });

  it('has Caddy balance over the app services compose runs, on the port they listen on, with the Caddyfile compose mounts', () => {
    const upstreams = /reverse_proxy\s+([^{]+)\{/.exec(caddyfile)![1].trim().split(/\s+/);
    const port = /PORT=(\d+)/.exec(final.lines.find((line) => line.startsWith('ENV '))!)![1];
    expect(upstreams.sort()).toEqual(appServices.map(([name]) => `${name}:${port}`).sort());
    expect(compose.services.caddy.volumes).toContain('./deploy/Caddyfile:/etc/caddy/Caddyfile:ro');
  });
});

const hadolint = spawnSync('hadolint', ['--version'], { encoding: 'utf8' });
const hadolintMissing = hadolint.error || hadolint.status !== 0 ? 'hadolint is not installed here' : null;
const dockerInfo = spawnSync('docker', ['info'], { encoding: 'utf8', timeout: 20_000 });
const dockerMissing = dockerInfo.error ? 'no docker client here' : dockerInfo.status !== 0 ? 'docker info finds no Docker engine' : null;

describe('the Node.js runtime', () => {
  // .nvmrc names the version; everything else that picks a Node.js must agree with its major.
  const wanted = read('.nvmrc').trim();
  const major = Number(wanted.split('.')[0]);

  it('is one supported LTS line in .nvmrc, package.json engines, the image and the process running the tests', () => {
    expect(major).toBeGreaterThanOrEqual(24);
    const pkg = JSON.parse(read('package.json')) as { engines: { node: string } };
    expect(pkg.engines.node).toBe(`>=${major}`);
    expect(dockerfile).toMatch(new RegExp(`ARG NODE_IMAGE=node:${major}-`));
    expect(Number(process.versions.node.split('.')[0])).toBeGreaterThanOrEqual(major);
  });

  it('is what CI puts first on PATH before installing', () => {
    const ci = read('.ci/run');
    expect(ci.indexOf('source scripts/use-node.sh')).toBeGreaterThan(-1);
    expect(ci.indexOf('source scripts/use-node.sh')).toBeLessThan(ci.indexOf('npm ci'));
    expect(read('.gitignore')).toMatch(/^\.node\/$/m);
  });
});

describe('the image, where the tools exist', () => {
  it.skipIf(hadolintMissing !== null)(
    `lints the Dockerfile with hadolint${hadolintMissing ? ` (skipped: ${hadolintMissing})` : ''}`,
    () => {
      const result = spawnSync('hadolint', ['Dockerfile'], { cwd: root, encoding: 'utf8' });
      expect(result.status, result.stdout + result.stderr).toBe(0);
    },
  );

  it.skipIf(dockerMissing !== null)(
    `builds the image${dockerMissing ? ` (skipped: ${dockerMissing})` : ''}`,
    () => {
      const result = spawnSync('docker', ['build', '--quiet', '--tag', 'boafo:test', '.'], { cwd: root, encoding: 'utf8' });
      expect(result.status, result.stderr).toBe(0);
    },
    1_800_000,
  );
});
