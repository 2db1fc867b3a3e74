/**
 * Pictures in an S3-compatible bucket (MEDIA_STORE=s3), against a local S3 server started here
 * (helpers/fake-s3.ts). Uploads and Open Graph cards go to the bucket under the sha256 of their bytes
 * with immutable Cache-Control, and the /media paths every answer names redirect there; a database
 * that held pictures before the switch keeps serving them until `npm run media:migrate` moves them.
 * An interrupted move resumes, and every picture served before is served after, same bytes.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { ConfigError, loadConfig, type S3Settings } from '../../src/server/config';
import { openDatabase, queryRows } from '../../src/server/db/client';
import { moveMediaToStore } from '../../src/server/media/move-to-store';
import { S3MediaStore } from '../../src/server/media/s3-store';
import { MediaRepo } from '../../src/server/repositories/media';
import { bearer, multipartBody, tempDir, testConfig, type FilePart } from './helpers/app';
import { backends } from './helpers/backends';
import { ADMIN } from './helpers/causes';
import { FAKE_S3_BUCKET, startFakeS3, type FakeS3 } from './helpers/fake-s3';
import { scene } from './helpers/giving';

const root = path.join(import.meta.dirname, '..', '..');
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function picture(colour: { r: number; g: number; b: number }): Promise<FilePart> {
  const data = await sharp({ create: { width: 1000, height: 600, channels: 3, background: colour } })
    .png()
    .toBuffer();
  return { filename: 'picture.png', contentType: 'image/png', data };
}

async function sendForm(
  app: FastifyInstance,
  method: 'POST' | 'PUT',
  url: string,
  access: string,
  fields: Record<string, string | FilePart>,
) {
  const { payload, headers } = await multipartBody(fields);
  const res = await app.inject({ method, url, payload, headers: { ...headers, ...bearer(access) } });
  if (res.statusCode >= 300) throw new Error(`${method} ${url} failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** What a browser gets for a picture's address: the bytes, following a redirect to the bucket when there is one. */
async function load(app: FastifyInstance, url: string): Promise<{ bytes: Buffer; redirected: string | null }> {
  const res = await app.inject({ url });
  if (res.statusCode === 200) return { bytes: res.rawPayload, redirected: null };
  expect(res.statusCode, `${url}: ${res.body}`).toBe(302);
  const location = res.headers.location as string;
  const object = await fetch(location);
  expect(object.status, location).toBe(200);
  return { bytes: Buffer.from(await object.arrayBuffer()), redirected: location };
}

describe('media settings', () => {
  const s3 = { MEDIA_STORE: 's3', S3_BUCKET: 'boafo-media', S3_ENDPOINT: 'https://s3.eu-west-1.amazonaws.com' };

  it.each([
    [{ MEDIA_STORE: 'disk' }, /MEDIA_STORE must be one of database, s3/],
    [{ ...s3, S3_BUCKET: '' }, /S3_BUCKET is required when MEDIA_STORE=s3/],
    [{ ...s3, S3_ENDPOINT: '' }, /S3_ENDPOINT is required when MEDIA_STORE=s3/],
    [{ ...s3, S3_ENDPOINT: 's3.amazonaws.com' }, /S3_ENDPOINT must be a full URL/],
    [{ ...s3, S3_BUCKET: 'Boafo_Media' }, /S3_BUCKET must be a bucket name/],
    [{ ...s3, S3_ACCESS_KEY_ID: 'AKIA1234' }, /Set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/],
    [{ ...s3, MEDIA_PUBLIC_URL: 'https://cdn.example.gh/media?x=1' }, /MEDIA_PUBLIC_URL must be an address without a query/],
  ])('stops the start for %o, naming the setting', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('defaults to the database; an S3 picture is addressed on MEDIA_PUBLIC_URL, else on the bucket', () => {
    expect(loadConfig({}).media).toEqual({ store: 'database', s3: null });
    const settings = loadConfig({ ...s3, MEDIA_PUBLIC_URL: 'https://cdn.example.gh/pictures/' }).media.s3!;
    expect(settings).toMatchObject({
      region: 'us-east-1',
      credentials: null,
      forcePathStyle: false,
      publicUrl: 'https://cdn.example.gh/pictures',
    });
    const repo = {} as MediaRepo;
    expect(new S3MediaStore(settings, repo).url('ab12')).toBe('https://cdn.example.gh/pictures/ab12');
    const bucket: S3Settings = { ...settings, publicUrl: null };
    expect(new S3MediaStore(bucket, repo).url('ab12')).toBe('https://boafo-media.s3.eu-west-1.amazonaws.com/ab12');
    expect(new S3MediaStore({ ...bucket, endpoint: 'http://minio:9000', forcePathStyle: true }, repo).url('ab12')).toBe(
      'http://minio:9000/boafo-media/ab12',
    );
  });
});

describe.each(backends)('pictures in an S3-compatible bucket on $name', (backend) => {
  let s3: FakeS3;
  let folder: Awaited<ReturnType<typeof tempDir>>;
  let database: { databaseUrl: string | null; drop(): Promise<void> };
  const open: FastifyInstance[] = [];
  const settings = () => ({ databaseUrl: database.databaseUrl, pgliteDir: path.join(folder.dir, 'pglite') });
  const start = async (env: Record<string, string>) => {
    const app = await buildApp(testConfig(database.databaseUrl, { ...settings(), admin: ADMIN }, env));
    open.push(app);
    return app;
  };
  const stop = async (app: FastifyInstance) => {
    open.splice(open.indexOf(app), 1);
    await app.close();
  };

  beforeAll(async () => {
    [s3, folder, database] = await Promise.all([startFakeS3(), tempDir(), backend.createDatabase()]);
  });
  afterAll(async () => {
    await Promise.all(open.map((app) => app.close()));
    await Promise.all([s3?.close(), folder?.remove(), database?.drop()]);
  });

  it('keeps new pictures in the bucket, moves the old ones resumably, and serves every one with the same bytes', async () => {
    // Before the switch: pictures in the database.
    let app = await start({});
    const { admin, organizer } = await scene(app);
    const cause = await sendForm(app, 'POST', '/api/causes/create/', organizer.access, {
      name: 'Solar lamps for Bawku',
      description: 'Light for evening classes.',
      target_amount: '8000',
      cover_image: await picture({ r: 252, g: 209, b: 22 }),
    });
    expect(
      (await app.inject({ method: 'POST', url: `/api/admin/causes/${cause.id}/approve/`, headers: bearer(admin.access) })).statusCode,
    ).toBe(200);
    const profile = await sendForm(app, 'PUT', '/api/user/profile/', organizer.access, {
      profile_picture: await picture({ r: 206, g: 17, b: 38 }),
    });
    const card = `/media/og/causes/${cause.id}.png`;
    const served = new Map<string, Buffer>();
    for (const url of [
      ...Object.values(cause.cover_image_sizes as object),
      ...Object.values(profile.profile_picture_sizes as object),
      card,
    ]) {
      const { bytes, redirected } = await load(app, url);
      expect(redirected).toBeNull();
      served.set(url, bytes);
    }
    expect(served.size).toBe(7);
    await stop(app);

    // Switched: old pictures still come from the database, new ones go to the bucket.
    app = await start(s3.env);
    const cover = cause.cover_image as string;
    expect(await load(app, cover)).toEqual({ bytes: served.get(cover), redirected: null });
    const update = await sendForm(app, 'POST', `/api/causes/${cause.id}/updates/`, organizer.access, {
      body: 'The first 40 lamps are in.',
      image: await picture({ r: 0, g: 107, b: 63 }),
    });
    const hash = (update.image as string).split('/media/')[1];
    const uploaded = await load(app, `/media/${hash}`);
    expect(uploaded.redirected).toBe(`${s3.endpoint}/${FAKE_S3_BUCKET}/${hash}`);
    expect(sha256(uploaded.bytes)).toBe(hash);
    const object = await fetch(uploaded.redirected!);
    expect(object.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(object.headers.get('content-type')).toBe('image/webp');
    const [{ rows }] = await queryRows<{ rows: number }>(app.db, sql`SELECT count(*)::int AS rows FROM media WHERE hash = ${hash}`);
    expect(rows).toBe(0);
    const ogCard = await load(app, card);
    expect(ogCard.redirected).toBe(`${s3.endpoint}/${FAKE_S3_BUCKET}/${sha256(ogCard.bytes)}`);
    expect(ogCard.bytes).toEqual(served.get(card));
    // The page's policy (a document; JSON answers carry one that allows nothing) lets it show the bucket's pictures.
    expect((await app.inject({ url: '/' })).headers['content-security-policy']).toContain(`img-src 'self' data: blob: ${s3.endpoint}`);
    await stop(app);

    // media:migrate, cut off after three copies (the store stops answering), then run again (npm run) to the end.
    const handle = await openDatabase(settings());
    try {
      const repo = new MediaRepo(handle.db);
      const store = new S3MediaStore(loadConfig(s3.env).media.s3!, repo);
      let copies = 0;
      const failing = {
        put: (key: string, bytes: Buffer, type: string) =>
          ++copies > 3 ? Promise.reject(new Error('socket hang up')) : store.put(key, bytes, type),
        holds: (key: string, size: number) => store.holds(key, size),
      };
      await expect(moveMediaToStore(repo, failing, { batchSize: 2 })).rejects.toThrow('socket hang up');
      expect(await repo.counts()).toEqual({ here: 4, moved: 2 });
      store.close();
    } finally {
      await handle.close();
    }
    const env: Record<string, string> = { DATA_DIR: folder.dir, DATABASE_URL: database.databaseUrl ?? '' };
    const resumed = await npmRun('media-migrate', { ...s3.env, ...env });
    expect(resumed.output).toContain('4 picture(s) to move to boafo-media (2 moved before).');
    expect(resumed.output).toContain('Done: 4 moved now, 6 in the object store.');
    expect(resumed.code).toBe(0);

    // After: every picture served before, and the new one, from the bucket with the same bytes.
    app = await start(s3.env);
    for (const [url, bytes] of served) {
      const after = await load(app, url);
      expect(after.redirected, url).not.toBeNull();
      expect(after.bytes, url).toEqual(bytes);
    }
    expect((await load(app, `/media/${hash}`)).bytes).toEqual(uploaded.bytes);
    const [left] = await queryRows<{ bytes: number }>(app.db, sql`SELECT count(content)::int AS bytes FROM media`);
    expect(left.bytes).toBe(0);
    // A further run finds nothing left to do.
    expect(await moveMediaToStore(app.repos.media, app.mediaStore as S3MediaStore)).toEqual({ moved: 0, damaged: [] });
    await stop(app);

    // The database no longer holds them: a server on the database store refuses to start, saying why.
    await expect(start({})).rejects.toThrow(/MEDIA_STORE is database, but 6 picture\(s\) .* were moved/);
  }, 120_000);
});

/** `npm run <script>` as an operator types it: the compiled tool, in a process of its own. */
function npmRun(tool: string, env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(root, 'src/server/cli/run.mjs'), tool], {
      cwd: root,
      env: { ...process.env, LOG_LEVEL: 'silent', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) => resolve({ code, output }));
  });
}
