/**
 * The embedded database has one owner: real server processes (as `npm start` runs them) on
 * one DATA_DIR. A second one is refused with a message naming the folder and DATABASE_URL,
 * the first keeps serving its data, and a killed owner's stale lock does not block a restart.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirInUseError, lockDataDir, lockSocketPath } from '../../src/server/db/data-dir-lock';
import { GOOD_PASSWORD, tempDir } from './helpers/app';

const root = path.join(import.meta.dirname, '..', '..');

interface Started {
  child: ChildProcess;
  output: () => string;
  /** Resolves with the exit code when the process ends. */
  exited: Promise<number | null>;
}

function start(dataDir: string): Started {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'src/server/server.ts')], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      WEB_DIST_DIR: '/nonexistent-boafo-dist',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr!.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/** Waits for "Boafo is running at …" and returns that address (or fails with the output). */
async function address(server: Started): Promise<string> {
  for (let i = 0; i < 1200; i += 1) {
    const match = /running at (http:\/\/\S+)/.exec(server.output());
    if (match) return match[1].replace('localhost', '127.0.0.1');
    if (server.child.exitCode !== null) throw new Error(`server exited:\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server did not start:\n${server.output()}`);
}

const post = (url: string, body: unknown) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('one process owns a PGlite data folder', () => {
  const running: Started[] = [];
  const folders: Array<{ remove(): Promise<void> }> = [];
  afterAll(async () => {
    for (const server of running) if (server.child.exitCode === null) server.child.kill('SIGKILL');
    await Promise.all(running.map((s) => s.exited));
    await Promise.all(folders.map((f) => f.remove()));
  });

  it('refuses a second process, keeps the first serving, and is not blocked by a killed owner', async () => {
    const folder = await tempDir();
    folders.push(folder);
    const first = start(folder.dir);
    running.push(first);
    const url = await address(first);
    const email = `owner.${process.pid}@example.com`;
    const created = await post(`${url}/api/user/auth/signup/`, {
      first_name: 'Efua',
      last_name: 'Owusu',
      email,
      password: GOOD_PASSWORD,
      password2: GOOD_PASSWORD,
    });
    expect(created.status).toBe(201);

    const second = start(folder.dir);
    running.push(second);
    expect(await second.exited).not.toBe(0);
    const message = second.output();
    expect(message).toContain(path.join(folder.dir, 'pglite'));
    expect(message).toContain('DATABASE_URL');
    expect(message).toMatch(/already in use by another Boafo process \(pid \d+\)/);
    expect(message).not.toMatch(/\n\s+at /); // a message, not a stack trace

    // The first still answers, with its data.
    expect((await post(`${url}/api/user/auth/login/`, { email, password: GOOD_PASSWORD })).status).toBe(200);

    // Killed without a chance to clean up: its socket file stays behind, stale.
    first.child.kill('SIGKILL');
    await first.exited;
    expect(existsSync(lockSocketPath(path.join(folder.dir, 'pglite')))).toBe(true);

    const third = start(folder.dir);
    running.push(third);
    const thirdUrl = await address(third);
    expect((await post(`${thirdUrl}/api/user/auth/login/`, { email, password: GOOD_PASSWORD })).status).toBe(200);
    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
    // A clean stop leaves no lock behind.
    expect(existsSync(lockSocketPath(path.join(folder.dir, 'pglite')))).toBe(false);
    // Three real server starts: ~25 s idle, much longer on a busy machine.
  }, 300_000);

  it('locks folders whose path is too long for a socket through a hashed socket in the temp directory', async () => {
    const folder = await tempDir();
    folders.push(folder);
    const deep = path.join(folder.dir, 'a-rather-long-folder-name-'.repeat(4), 'pglite');
    expect(Buffer.byteLength(`${deep}.owner.sock`)).toBeGreaterThan(104);
    for (let round = 0; round < 3; round += 1) {
      const lock = await lockDataDir(deep);
      expect(lock.socketPath.length).toBeLessThan(104);
      await expect(lockDataDir(deep)).rejects.toBeInstanceOf(DataDirInUseError);
      await lock.release();
    }
  });
});
