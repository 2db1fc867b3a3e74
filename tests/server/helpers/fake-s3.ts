/**
 * A local S3-compatible server for the object store's tests: s3rver (an npm package, no Docker) on
 * 127.0.0.1, files in a temp folder. It checks each request's SigV4 signature against its fixed keys
 * and the Content-MD5 of uploads, as S3 does, and answers anonymous GETs of objects (a public bucket).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from '@20minutes/s3rver';

export const FAKE_S3_BUCKET = 'boafo-media';
/** s3rver's only credentials. */
const ACCESS_KEY = 'S3RVER';

export interface FakeS3 {
  endpoint: string;
  /** The settings a server would get in its environment (path-style addressing, like MinIO). */
  env: Record<string, string>;
  close(): Promise<void>;
}

export async function startFakeS3(): Promise<FakeS3> {
  const directory = await mkdtemp(path.join(tmpdir(), 'boafo-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: FAKE_S3_BUCKET }],
    vhostBuckets: false,
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    env: {
      MEDIA_STORE: 's3',
      S3_BUCKET: FAKE_S3_BUCKET,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: ACCESS_KEY,
      S3_SECRET_ACCESS_KEY: ACCESS_KEY,
      S3_FORCE_PATH_STYLE: 'true',
    },
    close: async () => {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
